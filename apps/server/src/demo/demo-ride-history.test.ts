import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, localTime, minutesOfDay, weekdayOf, type RideUsage } from '@fairway/domain';
import type { Runtime } from '../runtime';
import { startTestServer } from '../../test/helpers';
import { bookings } from '../db/tables/bookings';
import { rides } from '../db/tables/rides';
import { DEMO_HOURS, DEMO_TZ, demoLikeSite } from './demo-club.test-support';
import { seedDemoMembers } from './demo-members';
import { DEMO_HISTORY_DAYS, seedDemoRideHistory } from './demo-ride-history';
import { seedDemoServices } from './demo-services';
import { demoRoundStarts, LAST_START_BEFORE_CLOSE, sequence } from './demo-usage-pattern';

/**
 * The demo club's ride history (issue 19 item 5) on clubs like the demo's own (St Andrews' hours: closed on
 * Sundays, 06:30–20:30): the patterns the Usage charts should show, and nothing while the club is closed.
 */
const TZ = DEMO_TZ;
const DAY = 24 * 3_600_000;
const HOURS = DEMO_HOURS;
/** A fixed "now" (a Wednesday afternoon), so the history is the same on every run. */
const NOW = Date.parse('2026-06-17T15:20:00Z');
let rt: Runtime;
let demoId: string;
let twinId: string;
let history: Array<typeof rides.$inferSelect>;

const club = (carts: number) => demoLikeSite(rt, 'Demo History', carts);

/** A club with the demo's 16 carts, members, services and history, and Second Club's counterpart. */
async function demoLikeClub(): Promise<string> {
  const [siteId, secondId] = await Promise.all([club(16), club(4)]);
  await seedDemoMembers(rt.ctx.db, { demo: siteId, second: secondId });
  await seedDemoServices(rt.ctx.db, { demo: siteId, second: secondId });
  await rt.ctx.db.transaction((tx) => seedDemoRideHistory(tx, siteId, NOW));
  return siteId;
}

const ridesOf = (siteId: string) =>
  rt.ctx.db.select().from(rides).where(eq(rides.siteId, siteId)).orderBy(rides.start, rides.carNumber);

beforeAll(async () => {
  rt = await startTestServer();
  demoId = await demoLikeClub();
  twinId = await demoLikeClub();
  history = await ridesOf(demoId);
});
afterAll(() => rt.stop());

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('the demo ride history (issue 19 item 5)', () => {
  it(`goes back about ${DEMO_HISTORY_DAYS} days, every ride ended before now`, () => {
    expect(history.length).toBeGreaterThan(400);
    expect(+history[0]!.start).toBeLessThanOrEqual(NOW - 90 * DAY);
    for (const ride of history) {
      expect(ride).toMatchObject({ status: 'ended', confirmed: true, deleted: false });
      expect(+ride.end!).toBeLessThanOrEqual(NOW);
    }
  });

  it('starts no ride while the club is closed: not on Sundays, not before opening or in its last hour', () => {
    for (const ride of history) {
      const date = localDate(+ride.start, TZ);
      const hours = HOURS[weekdayOf(date)];
      expect(hours, date).not.toBeNull();
      const minute = minutesOfDay(localTime(+ride.start, TZ));
      expect(minute).toBeGreaterThanOrEqual(minutesOfDay(hours!.openTime));
      expect(minute).toBeLessThan(minutesOfDay(hours!.closeTime) - LAST_START_BEFORE_CLOSE);
    }
  });

  it('is busier on Saturdays than on weekdays, and in the morning than in the evening', () => {
    const perDay = new Map<string, number>();
    for (const ride of history) {
      const date = localDate(+ride.start, TZ);
      perDay.set(date, (perDay.get(date) ?? 0) + 1);
    }
    const days = [...perDay.entries()];
    const saturdays = days.filter(([date]) => weekdayOf(date) === 6).map(([, n]) => n);
    const weekdays = days.filter(([date]) => [1, 2, 3, 4].includes(weekdayOf(date))).map(([, n]) => n);
    expect(mean(saturdays)).toBeGreaterThan(1.5 * mean(weekdays));
    const hourOf = (ride: (typeof history)[number]) => Number(localTime(+ride.start, TZ).slice(0, 2));
    const mornings = history.filter((ride) => hourOf(ride) >= 7 && hourOf(ride) < 11).length;
    const evenings = history.filter((ride) => hourOf(ride) >= 17).length;
    expect(mornings).toBeGreaterThan(4 * evenings);
    expect(evenings).toBeGreaterThan(0);
  });

  it('has several services and prices, a few outliers, bookings and manual rides, and no cart twice at once', async () => {
    const usage: RideUsage = await rt.ctx.usage.usage(demoId, {
      start: new Date(NOW - DEMO_HISTORY_DAYS * DAY - DAY).toISOString(),
      end: new Date(NOW).toISOString(),
      origin: 'all',
    });
    expect(usage.services.map((service) => service.name).sort()).toEqual(['18 holes', '9 holes']);
    expect(usage.prices.length).toBeGreaterThanOrEqual(5);
    expect(usage.totals.outliers).toBeGreaterThan(0);
    expect(usage.totals.outliers).toBeLessThan(usage.totals.rounds * 0.05);
    expect(usage.totals.averageDuration).toBeGreaterThan(2.5 * 3600);
    expect(usage.totals.averageDuration).toBeLessThan(4 * 3600);
    // A cart kept overnight: over 10 h, so a round without a length (spec §4).
    expect(history.some((ride) => ride.duration === 0 && +ride.end! - +ride.start > 36_000_000)).toBe(true);
    expect(usage.carts.every((cart) => cart.rounds > 0)).toBe(true);

    const types = new Set(history.map((ride) => ride.type));
    expect([...types].sort()).toEqual(['booking', 'code', 'manual']);
    const booked = history.filter((ride) => ride.type === 'booking');
    const sheet = await rt.ctx.db.select().from(bookings).where(eq(bookings.siteId, demoId));
    const ids = new Set(sheet.map((booking) => booking.id));
    expect(booked.every((ride) => ride.bookingId !== null && ids.has(ride.bookingId))).toBe(true);
    expect(sheet.some((booking) => booking.status === 'no_show')).toBe(true);

    const byCart = Map.groupBy(history, (ride) => ride.deviceId);
    for (const list of byCart.values())
      list.forEach((ride, index) => {
        if (index > 0) expect(+ride.start).toBeGreaterThanOrEqual(+list[index - 1]!.end!);
      });
  });

  it('is the same on every fresh demo made at the same moment', async () => {
    const twin = await ridesOf(twinId);
    const shape = (list: typeof history) =>
      list.map((ride) => [+ride.start, ride.type, ride.duration, ride.carNumber, ride.meta.name]);
    expect(shape(twin)).toEqual(shape(history));
    const [member] = await rt.ctx.db
      .select()
      .from(rides)
      .where(and(eq(rides.siteId, twinId), eq(rides.type, 'code')))
      .limit(1);
    expect(member?.memberId).not.toBeNull();
  });
});

describe('demoRoundStarts (the card payments use it too)', () => {
  it('keeps every start within opening hours and before now, oldest first', () => {
    const starts = demoRoundStarts({
      now: NOW,
      days: 45,
      timezone: TZ,
      openingHours: HOURS,
      perWeekday: [3, 3, 3, 3, 3, 4, 6],
      random: sequence(7),
    });
    expect(starts.length).toBeGreaterThan(100);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const start of starts) {
      expect(start).toBeLessThan(NOW);
      const hours = HOURS[weekdayOf(localDate(start, TZ))]!;
      const minute = minutesOfDay(localTime(start, TZ));
      expect(minute).toBeGreaterThanOrEqual(minutesOfDay(hours.openTime));
      expect(minute).toBeLessThan(minutesOfDay(hours.closeTime) - LAST_START_BEFORE_CLOSE);
    }
  });
});
