import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { startTestServer } from '../../../test/helpers';
import { bookings } from '../../db/tables/bookings';
import { createRideClub, insertCart } from '../guest/guest-rides.test-support';
import { insertWithCode } from './booking-codes';
import { BookingsRepository } from './bookings.repository';

/**
 * The one way a booking gets its code (staff bookings and the portal's key bookings, issue 18): a code held
 * by a current booking of the club is drawn again, also inside a caller's transaction, which stays usable.
 */

const MIN = 60_000;
let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(() => rt.stop());

/** A booking of the cart for the next hour (held 20 minutes more). */
const hourFromNow = (siteId: string, deviceId: string, name: string) => {
  const now = Date.now();
  return {
    siteId,
    deviceId,
    start: new Date(now),
    end: new Date(now + 60 * MIN),
    blockedUntil: new Date(now + 80 * MIN),
    name,
  };
};

const draws =
  (...codes: string[]) =>
  () =>
    codes.shift() ?? '999999';

describe('insertWithCode', () => {
  it("draws again on a clash with a current booking's code, without aborting the caller's transaction", async () => {
    const { siteId } = await createRideClub(rt);
    const [a, b] = [await insertCart(rt, siteId), await insertCart(rt, siteId)];
    const values = (deviceId: string) => hourFromNow(siteId, deviceId, 'Code test');
    const repo = new BookingsRepository(rt.ctx.db);
    const first = await insertWithCode(repo, values(a.id), draws('424242'));
    expect(first.code).toBe('424242');

    const second = await rt.ctx.db.transaction(async (tx) => {
      const row = await insertWithCode(repo.in(tx), values(b.id), draws('424242', '434343'));
      // The transaction goes on after the clash: a later query in it still runs.
      const [again] = await tx.select().from(bookings).where(eq(bookings.id, row.id));
      return again!;
    });
    expect(second.code).toBe('434343');
    expect((await rt.ctx.db.select().from(bookings).where(eq(bookings.siteId, siteId))).length).toBe(2);
  });

  it('throws an overlap as it came, for the caller to answer', async () => {
    const { siteId } = await createRideClub(rt);
    const cart = await insertCart(rt, siteId);
    const values = hourFromNow(siteId, cart.id, 'Overlap test');
    const repo = new BookingsRepository(rt.ctx.db);
    await insertWithCode(repo, values, draws('515151'));
    await expect(insertWithCode(repo, values, draws('525252'))).rejects.toMatchObject({
      cause: { constraint: 'bookings_no_double_booking' },
    });
  });

  it('tries again when PostgreSQL broke a deadlock with an overlapping insert (40P01), not a 500', async () => {
    const { siteId } = await createRideClub(rt);
    const cart = await insertCart(rt, siteId);
    const repo = new BookingsRepository(rt.ctx.db);
    // The first attempt fails as a deadlock victim does (Drizzle wraps the driver's error in `cause`).
    let attempts = 0;
    const victimOnce = Object.assign(Object.create(repo) as BookingsRepository, {
      atomically: <T>(work: (r: BookingsRepository) => Promise<T>): Promise<T> => {
        attempts += 1;
        if (attempts === 1)
          return Promise.reject(
            new Error('Failed query', { cause: { code: '40P01', message: 'deadlock detected' } }),
          );
        return repo.atomically(work);
      },
    });
    const row = await insertWithCode(
      victimOnce,
      hourFromNow(siteId, cart.id, 'Deadlock test'),
      draws('616161', '626262'),
    );
    expect(attempts).toBe(2);
    // The failed attempt never drew a code: the retry takes the first.
    expect(row.code).toBe('616161');
  });
});
