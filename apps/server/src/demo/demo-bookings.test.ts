import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { addDays, localDate, localTime, minutesOfDay, weekdayOf } from '@fairway/domain';
import type { Runtime } from '../runtime';
import { loginAs, startTestServer } from '../../test/helpers';
import { bookings } from '../db/tables/bookings';
import { users } from '../db/tables/users';
import { DEMO_BOOKING_DAYS, DEMO_TEE_INTERVAL_MINUTES, refreshDemoBookings } from './demo-bookings';
import { DEMO_HOURS, DEMO_TZ, demoLikeSite } from './demo-club.test-support';
import { seedDemoMembers } from './demo-members';
import { seedDemoServices } from './demo-services';

const TZ = DEMO_TZ;
const DAY = 24 * 3_600_000;
const HOURS = DEMO_HOURS;
let rt: Runtime;
let demoId: string;

const club = (carts: number) => demoLikeSite(rt, 'Demo Bookings', carts);

const liveOf = (siteId: string) =>
  rt.ctx.db.select().from(bookings).where(eq(bookings.siteId, siteId)).orderBy(bookings.start);

beforeAll(async () => {
  rt = await startTestServer();
  await loginAs(rt, 'superadmin@example.com');
  demoId = await club(16);
  const secondId = await club(4);
  await seedDemoMembers(rt.ctx.db, { demo: demoId, second: secondId });
  await seedDemoServices(rt.ctx.db, { demo: demoId, second: secondId });
});
afterAll(() => rt.stop());

describe('the demo week of bookings (issue 17 item 7)', () => {
  const now = Date.now();
  const today = localDate(now, TZ);

  it('fills the week from today on tee times 10 minutes apart, within opening hours, with members, guests and auto-unlocks', async () => {
    const written = await refreshDemoBookings(rt.ctx.db, demoId, now);
    const rows = await liveOf(demoId);
    expect(written).toBe(rows.length);
    const sheet = rows.filter((row) => row.bookingType === 'booking');
    const dates = new Set(sheet.map((row) => localDate(+row.start, TZ)));
    const openDays = Array.from({ length: DEMO_BOOKING_DAYS }, (_, day) => addDays(today, day)).filter(
      (date) => HOURS[weekdayOf(date)] !== null,
    );
    // Every open day of the week but perhaps today's (late in the evening no tee time is left) has bookings.
    for (const date of openDays.filter((date) => date !== today)) expect(dates.has(date), date).toBe(true);
    expect([...dates].every((date) => openDays.includes(date))).toBe(true);
    expect(sheet.length).toBeGreaterThanOrEqual(5 * (openDays.length - 1));

    for (const row of sheet) {
      const date = localDate(+row.start, TZ);
      const hours = HOURS[weekdayOf(date)]!;
      expect(minutesOfDay(localTime(+row.start, TZ)) % DEMO_TEE_INTERVAL_MINUTES).toBe(0);
      expect(localTime(+row.start, TZ) >= hours.openTime).toBe(true);
      expect(localDate(+row.end, TZ)).toBe(date);
      expect(localTime(+row.end, TZ) <= hours.closeTime).toBe(true);
      // Nothing that started more than an hour ago is made up.
      expect(+row.start).toBeGreaterThanOrEqual(now - 3_600_000);
      expect(row).toMatchObject({ status: 'confirmed', source: 'staff', createdBy: null });
      expect(row.code).toMatch(/^\d{6}$/);
      expect(row.serviceId).not.toBeNull();
      expect(row.name).not.toBe('');
    }
    expect(sheet.some((row) => row.scheduleUnlock)).toBe(true);
    expect(sheet.some((row) => !row.scheduleUnlock)).toBe(true);
    expect(sheet.some((row) => row.memberId !== null)).toBe(true);
    expect(sheet.some((row) => row.memberId === null)).toBe(true);
    // Rounds of both lengths.
    expect(new Set(sheet.map((row) => +row.end - +row.start)).size).toBe(2);

    // One maintenance block, current now.
    const blocks = rows.filter((row) => row.bookingType === 'cart_maintenance');
    expect(blocks).toHaveLength(1);
    expect(+blocks[0]!.start <= now && now < +blocks[0]!.end).toBe(true);
  });

  it('changes nothing when started again the same day', async () => {
    const before = await liveOf(demoId);
    expect(await refreshDemoBookings(rt.ctx.db, demoId, now)).toBe(0);
    expect((await liveOf(demoId)).map((row) => row.id)).toEqual(before.map((row) => row.id));
  });

  it("moves with the date at a later start, keeping operators' bookings and what had started", async () => {
    const [operator] = await rt.ctx.db.select().from(users).limit(1);
    // An operator's booking among the seed's: a later start leaves it alone.
    const future = (await liveOf(demoId)).filter((row) => row.bookingType === 'booking' && +row.start > now);
    const [own] = await rt.ctx.db
      .update(bookings)
      .set({ createdBy: operator!.id })
      .where(eq(bookings.id, future[future.length - 1]!.id))
      .returning();

    const later = now + 3 * DAY;
    const laterToday = localDate(later, TZ);
    const before = await liveOf(demoId);
    expect(await refreshDemoBookings(rt.ctx.db, demoId, later)).toBeGreaterThan(0);
    const after = await liveOf(demoId);
    const ids = new Set(after.map((row) => row.id));
    expect(ids.has(own!.id)).toBe(true);
    // The seed's bookings starting before the later start stay; those after it are made anew.
    for (const row of before.filter((row) => +row.start <= later)) expect(ids.has(row.id)).toBe(true);
    const remade = after.filter((row) => +row.start > later && row.createdBy === null);
    expect(remade.some((row) => before.some((old) => old.id === row.id))).toBe(false);
    const lastDate = addDays(laterToday, DEMO_BOOKING_DAYS - 1);
    expect(after.every((row) => localDate(+row.start, TZ) <= lastDate)).toBe(true);
    expect(
      after.some((row) => localDate(+row.start, TZ) === lastDate || HOURS[weekdayOf(lastDate)] === null),
    ).toBe(true);
    expect(
      (
        await rt.ctx.db
          .select()
          .from(bookings)
          .where(and(eq(bookings.siteId, demoId), isNull(bookings.code)))
      ).length,
    ).toBeGreaterThanOrEqual(1);
  });
});
