import type pg from 'pg';
import type { HistoryTrail, RideHistory, RideHistoryQuery } from '@fairway/domain';
import { HttpError, notFound } from '../../lib/errors';
import { planPieces, type Piece } from './history-plan';
import type { HistoryRepository, SiteCart, TimeWindow } from './history.repository';
import { HISTORY_SETTINGS } from './history.settings';
import { historyTransaction } from './history.transaction';
import { dayTrail, fitPointBudget, mergeDayTrails, type Segment } from './trail-builder';

const { movingKmh, heatCellDegrees, maxHeatCells, maxTrailPoints } = HISTORY_SETTINGS;
/** More raw pieces than this (today's last minutes, a day not rolled up yet, the cut ends) are sized first. */
const USUAL_RAW_PIECES = 3;

interface Plan {
  pieces: Piece[];
  days: string[];
  weeks: string[];
  raw: TimeWindow[];
}

/**
 * GET /rides/history: weeks and days rolled up come from the roll-ups, everything else in the range (the
 * last minutes of today, a day the job has not reached yet, the cut ends of a range) from raw positions,
 * through the same rules, so the answer covers the same ground whatever the job has done so far.
 */
export class HistoryService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly repository: HistoryRepository,
    private readonly maxRawReports: number = HISTORY_SETTINGS.maxRawReports,
  ) {}

  rideHistory(siteId: string, query: RideHistoryQuery): Promise<RideHistory> {
    return historyTransaction(this.pool, 'read', async (client) => {
      const history = this.repository.in(client);
      const timezone = await history.siteTimezone(siteId);
      if (!timezone) throw notFound('Site not found');
      const chunks = await history.dayChunks(siteId, timezone, new Date(query.start), new Date(query.end));
      const plan = toPlan(planPieces(chunks));
      const carts = await history.carts(siteId);
      await this.refuseLargeRawReads(history, plan, carts);
      return query.mode === 'trail'
        ? trails(history, siteId, plan, carts)
        : heatmap(history, siteId, plan, carts);
    });
  }

  /** Normally only minutes are raw; after an outage of the job it could be weeks, too many rows for one call. */
  private async refuseLargeRawReads(history: HistoryRepository, plan: Plan, carts: SiteCart[]) {
    if (plan.raw.length <= USUAL_RAW_PIECES) return;
    const ids = carts.map((cart) => cart.id);
    const count = await history.countRawReports(ids, plan.raw, movingKmh, this.maxRawReports + 1);
    if (count > this.maxRawReports) {
      throw new HttpError(
        503,
        'Ride history for this period is still being prepared. Try again in a few minutes.',
        'historyNotReady',
      );
    }
  }
}

function toPlan(pieces: Piece[]): Plan {
  const plan: Plan = { pieces, days: [], weeks: [], raw: [] };
  for (const piece of pieces) {
    if (piece.kind === 'week') plan.weeks.push(piece.week);
    else if (piece.kind === 'day') plan.days.push(piece.day);
    else plan.raw.push(piece);
  }
  return plan;
}

async function trails(
  history: HistoryRepository,
  siteId: string,
  plan: Plan,
  carts: SiteCart[],
): Promise<RideHistory> {
  const cartIds = carts.map((cart) => cart.id);
  const stored = await history.storedTrails(siteId, cartIds, plan);
  const raw = await history.rawTrails(cartIds, plan.raw, movingKmh);

  // Per cart, the trail of each piece at the piece's place in the range, so they merge in time order.
  const placeOf = new Map<string, number>();
  const rawPlaces: number[] = [];
  plan.pieces.forEach((piece, place) => {
    if (piece.kind === 'raw') rawPlaces.push(place);
    else placeOf.set(piece.kind === 'week' ? `7/${piece.week}` : `1/${piece.day}`, place);
  });
  const piecesByCart = new Map<string, Segment[][]>();
  const put = (deviceId: string, place: number, segments: Segment[]) => {
    let pieces = piecesByCart.get(deviceId);
    if (!pieces) piecesByCart.set(deviceId, (pieces = []));
    pieces[place] = segments;
  };
  for (const [deviceId, span, day, segments] of stored)
    put(deviceId, placeOf.get(`${span}/${day}`)!, segments);
  for (const [deviceId, byWindow] of raw) {
    for (const [window, reports] of byWindow) put(deviceId, rawPlaces[window]!, dayTrail(reports));
  }

  const withTrails = carts.filter((cart) => piecesByCart.has(cart.id));
  const merged = withTrails.map((cart) => mergeDayTrails(piecesByCart.get(cart.id)!.filter(Boolean)));
  const fitted = fitPointBudget(merged, maxTrailPoints);
  const answer: HistoryTrail[] = withTrails
    .map((cart, i) => ({ deviceId: cart.id, carNumber: cart.carNumber, segments: fitted[i]! }))
    .filter((trail) => trail.segments.length > 0)
    .sort(byCarNumber);
  return { mode: 'trail', carts: answer };
}

async function heatmap(
  history: HistoryRepository,
  siteId: string,
  plan: Plan,
  carts: SiteCart[],
): Promise<RideHistory> {
  const cells = await history.heatCells(
    siteId,
    plan,
    carts.map((cart) => cart.id),
    plan.raw,
    { cellDegrees: heatCellDegrees, minKmh: movingKmh, limit: maxHeatCells },
  );
  const centre = (cell: number) => Math.round((cell + 0.5) * heatCellDegrees * 1e6) / 1e6;
  return {
    mode: 'heatmap',
    cellSize: heatCellDegrees,
    points: cells.map(([latCell, lngCell, weight]) => [centre(latCell), centre(lngCell), weight]),
  };
}

/** Car numbers in numeric order (2 before 10); carts without one last. */
function byCarNumber(a: HistoryTrail, b: HistoryTrail): number {
  if (a.carNumber === null || b.carNumber === null) {
    return a.carNumber === null ? (b.carNumber === null ? 0 : 1) : -1;
  }
  return a.carNumber.localeCompare(b.carNumber, undefined, { numeric: true });
}
