import { DAMAGE_BLOCK_MAX_DAYS, MAINTENANCE } from '@fairway/domain';
import type { DbExecutor } from '../../db/client';
import type { DomainEventBus } from '../../lib/events';
import { insertWithCode } from './booking-codes';
import { constraintBroken, type BookingsRepository } from './bookings.repository';

const DAY = 24 * 60 * 60 * 1000;
/** A staff booking made between reading the holds and inserting is read again this many times. */
const ATTEMPTS = 3;

/** The maintenance block a report opened or joined. */
export interface ReportBlock {
  id: string;
  /** false: a block already covered now and the report joined it */
  opened: boolean;
}

/**
 * Maintenance blocks that guests' damage reports open (issue 23) — no staff member is behind them, so they
 * skip the desk's checks (opening hours, the 5-minute grid, a booking integration's lock) but not the
 * exclusion constraint: PostgreSQL still has the last word, and a block never lands on a booking.
 */
export class ReportBlocks {
  constructor(
    private readonly repo: BookingsRepository,
    private readonly bus: DomainEventBus,
  ) {}

  /**
   * Takes the cart out of use from `now` until its next booking starts or for DAMAGE_BLOCK_MAX_DAYS,
   * whichever comes first. A block already covering now is joined instead. A booking under way keeps its
   * cart (the constraint would refuse the overlap, and its guest is out on the course): the block starts
   * when that booking's hold ends. Null when no time is free before the next booking (back-to-back
   * bookings): the report then stays open without a block for staff to handle.
   * `db`: the caller's transaction, so the block commits with the report or not at all.
   */
  async open(
    db: DbExecutor,
    cart: { siteId: string; deviceId: string },
    now: Date,
  ): Promise<ReportBlock | null> {
    const repo = this.repo.in(db);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const horizon = new Date(+now + DAMAGE_BLOCK_MAX_DAYS * DAY);
      const holds = (await repo.holds(cart.siteId, { from: now, to: horizon })).filter(
        (hold) => hold.deviceId === cart.deviceId,
      );
      const current = holds.filter((hold) => hold.start <= now && now < hold.blockedUntil);
      const block = current.find((hold) => hold.bookingType === MAINTENANCE);
      if (block) return { id: block.id, opened: false };

      const start = new Date(Math.max(+now, ...current.map((hold) => +hold.blockedUntil)));
      const next = holds
        .filter((hold) => hold.start >= start)
        .reduce<number>((first, hold) => Math.min(first, +hold.start), +start + DAMAGE_BLOCK_MAX_DAYS * DAY);
      const end = new Date(next);
      if (end <= start) return null;
      try {
        // A savepoint, so a lost race leaves the caller's transaction usable for the next attempt.
        const row = await repo.atomically((tx) =>
          insertWithCode(tx, {
            siteId: cart.siteId,
            deviceId: cart.deviceId,
            bookingType: MAINTENANCE,
            status: 'confirmed',
            source: 'staff',
            start,
            end,
            blockedUntil: end,
            createdBy: null,
            // The report written with it carries the same instant: that is how `end` tells a block a report
            // opened from one staff made, which a resolved report must leave alone.
            createdAt: now,
          }),
        );
        return { id: row.id, opened: true };
      } catch (error) {
        if (constraintBroken(error) !== 'overlap') throw error;
      }
    }
    return null;
  }

  /**
   * Gives the cart back: a block under way ends now, one not yet begun is cancelled, one already over is
   * left as it is. Answers whether the block changed. `db`: the caller's transaction.
   */
  async end(db: DbExecutor, siteId: string, blockId: string, now: Date): Promise<boolean> {
    const repo = this.repo.in(db);
    const block = await repo.find(siteId, blockId);
    if (!block || block.bookingType !== MAINTENANCE) return false;
    if (block.status !== 'confirmed' || block.end <= now) return false;
    if (block.start >= now) await repo.update(siteId, blockId, { status: 'cancelled' });
    else await repo.update(siteId, blockId, { end: now, blockedUntil: now });
    return true;
  }

  /** After the caller's commit: calendars and carts follow the block (`booking.updated`). */
  announce(siteId: string, blockId: string): void {
    this.bus.emit('booking.updated', blockId, siteId);
  }
}
