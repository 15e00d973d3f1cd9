import type pg from 'pg';
import type { Logger } from 'pino';
import type { HistoryRepository } from './history.repository';
import { HISTORY_SETTINGS } from './history.settings';
import { historyTransaction } from './history.transaction';
import type { PendingDay, PendingWeek, RollupRepository, StoredTrail } from './rollup.repository';
import { dayTrail, mergeDayTrails, type Segment } from './trail-builder';

export interface RollupOptions {
  /**
   * Starts nothing new after this long, so one run fits in a job's lease; `remaining` then says how much is
   * left for the next run. A first run over months of positions takes minutes (bench: ~0.3 s a day for 40
   * carts).
   */
  budgetMs?: number;
  /**
   * Only reports older than this are rolled up, so those still in flight (the writer's batches, a tracker
   * sending what it stored while offline) are in; the day ended this long ago counts as ended.
   */
  graceMs?: number;
  /** Today is rolled up again once its roll-up is this far behind. */
  partialStepMs?: number;
}

/** Days (today's partial roll-up included) and weeks rolled up, and how many are left over the budget. */
export interface RollupResult {
  days: number;
  weeks: number;
  remaining: number;
}

const DEFAULTS = { budgetMs: 45_000, graceMs: 15 * 60_000, partialStepMs: 15 * 60_000 };

/**
 * Rolls up ride history: every site day that has ended (in the site's time zone), today as far as it has
 * got, and every week whose days are all rolled up. Each day and week is one transaction under an advisory
 * lock, written with upserts, so running twice or on several instances at once is safe: what another
 * instance is busy with is skipped. Meant for a durable job every 15 minutes and at start: then raw
 * positions are read for at most the last half hour or so.
 */
export class HistoryRollup {
  constructor(
    private readonly pool: pg.Pool,
    private readonly history: HistoryRepository,
    private readonly rollups: RollupRepository,
    private readonly log: Logger,
  ) {}

  async run(now: Date, options: RollupOptions = {}): Promise<RollupResult> {
    const { pool, log } = this;
    const { budgetMs, graceMs, partialStepMs } = { ...DEFAULTS, ...options };
    const started = Date.now();
    const overBudget = () => Date.now() - started > budgetMs;
    const cutoff = new Date(now.getTime() - graceMs);

    const pendingDays = await this.rollups.pendingDays(cutoff, partialStepMs);
    let days = 0;
    for (const day of pendingDays) {
      if (overBudget()) break;
      if (await historyTransaction(pool, 'write', (client) => this.rollUpDay(client, day))) days++;
    }
    const pendingWeeks = overBudget() ? [] : await this.rollups.pendingWeeks(cutoff);
    let weeks = 0;
    for (const week of pendingWeeks) {
      if (overBudget()) break;
      if (await historyTransaction(pool, 'write', (client) => this.rollUpWeek(client, week))) weeks++;
    }
    const remaining = pendingDays.length - days + (pendingWeeks.length - weeks);
    if (days + weeks > 0) {
      log.info({ days, weeks, remaining, ms: Date.now() - started }, 'ride history rolled up');
    }
    return { days, weeks, remaining };
  }

  /** One site day, in the caller's transaction; false when it is not ours to do (see `claim`). */
  private async rollUpDay(client: pg.PoolClient, { siteId, day, from, to }: PendingDay): Promise<boolean> {
    const rollups = this.rollups.in(client);
    if (!(await rollups.claim(siteId, 1, day, to))) return false;
    const history = this.history.in(client);
    const cartIds = (await history.carts(siteId)).map((cart) => cart.id);
    const { movingKmh: minKmh, heatCellDegrees: cellDegrees } = HISTORY_SETTINGS;
    const raw = await history.rawTrails(cartIds, [{ from, to }], minKmh);
    const trails = [...raw].map(([deviceId, byWindow]): StoredTrail => {
      const reports = byWindow.get(0) ?? [];
      return { deviceId, segments: dayTrail(reports), rawPoints: reports.length };
    });
    await rollups.writeDayTrails(siteId, day, trails);
    await rollups.writeDayHeat(siteId, day, cartIds, { from, to }, { cellDegrees, minKmh });
    await rollups.markRolledUp(siteId, 1, day, to);
    return true;
  }

  /** One site week from its seven day roll-ups, in the caller's transaction. */
  private async rollUpWeek(client: pg.PoolClient, { siteId, week }: PendingWeek): Promise<boolean> {
    const rollups = this.rollups.in(client);
    if (!(await rollups.claim(siteId, 7, week, null))) return false;
    const byCart = new Map<string, { days: Segment[][]; rawPoints: number }>();
    for (const trails of await rollups.dayTrailsOfWeek(siteId, week)) {
      for (const { deviceId, segments, rawPoints } of trails) {
        const cart = byCart.get(deviceId) ?? { days: [], rawPoints: 0 };
        cart.days.push(segments);
        cart.rawPoints += rawPoints;
        byCart.set(deviceId, cart);
      }
    }
    const trails = [...byCart].map(([deviceId, cart]): StoredTrail => ({
      deviceId,
      segments: mergeDayTrails(cart.days),
      rawPoints: cart.rawPoints,
    }));
    await rollups.writeWeekTrails(siteId, week, trails);
    await rollups.writeWeekHeat(siteId, week);
    await rollups.markRolledUp(siteId, 7, week, null);
    return true;
  }
}
