import { and, asc, eq, gt, isNull, like, sql } from 'drizzle-orm';
import { addDays, localDate, minutesOfDay, weekdayOf, zonedInstant, type OpeningDay } from '@fairway/domain';
import type { Db } from '../db/client';
import { bookings } from '../db/tables/bookings';
import { devices } from '../db/tables/devices';
import { members } from '../db/tables/members';
import { platformSecrets } from '../db/tables/platform';
import { rides } from '../db/tables/rides';
import { prices, services } from '../db/tables/services';
import { sites } from '../db/tables/sites';

/**
 * The demo club's bookings (issue 17 item 7): a realistic week from today, made again relative to the
 * current date at every start, so the calendar, the map's Reserved group and the fleet's booked carts are
 * never empty on a fresh clone. Tee times are 10 minutes apart (a tee sheet's usual interval), rounds are the
 * club's 18 and 9 holes, drivers are members (with their member price) or walk-in guests, about a third
 * auto-unlock, and one cart is in a maintenance block from now until tomorrow noon.
 *
 * Only the seed's own bookings (no creator, staff source) that have not started and have no ride are replaced;
 * what operators booked, and anything under way or past, stays. A restart on the same day changes nothing.
 */

const MIN = 60_000;
/** Days from today (today included) that get bookings. */
export const DEMO_BOOKING_DAYS = 7;
/** Tee sheets space groups 8–10 minutes apart. */
export const DEMO_TEE_INTERVAL_MINUTES = 10;
/** The demo keeps a few carts for walk-up guests at every hour, like a club does. */
const WALK_UP_CARTS = 4;
const MARKER = (siteId: string) => `demo-bookings:${siteId}`;
const GUESTS = [
  'Oliver Grant',
  'Sophie Laurent',
  'Jamie Fraser',
  'Ingrid Holm',
  'Tomasz Nowak',
  'Emma Clarke',
];

/** Deterministic per club and day: the same day gets the same sheet on every machine. */
function random(seed: string): () => number {
  let h = 2166136261;
  for (const char of seed) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

/** The demo club: the site of the carts whose serials start with `serialPrefix`. */
export async function demoClubId(db: Db, serialPrefix: string): Promise<string | null> {
  const [row] = await db
    .select({ siteId: devices.siteId })
    .from(devices)
    .where(like(devices.serial, `${serialPrefix}%`))
    .limit(1);
  return row?.siteId ?? null;
}

/**
 * Makes the club's demo week from `now`'s date; answers how many bookings were written (0 when the week
 * was already made today).
 */
export async function refreshDemoBookings(db: Db, siteId: string, now = Date.now()): Promise<number> {
  return db.transaction(async (tx) => {
    const [site] = await tx.select().from(sites).where(eq(sites.id, siteId)).for('update');
    if (!site) return 0;
    const today = localDate(now, site.timezone);
    const [marker] = await tx
      .select()
      .from(platformSecrets)
      .where(eq(platformSecrets.key, MARKER(siteId)));
    if (marker?.value === today) return 0;

    // The seed's own bookings not yet started and never ridden make way for the new week.
    await tx
      .delete(bookings)
      .where(
        and(
          eq(bookings.siteId, siteId),
          isNull(bookings.createdBy),
          eq(bookings.source, 'staff'),
          gt(bookings.start, new Date(now)),
          sql`not exists (select 1 from ${rides} where ${rides.bookingId} = ${bookings.id})`,
        ),
      );

    const carts = await tx
      .select({ id: devices.id, carNumber: devices.carNumber })
      .from(devices)
      .where(eq(devices.siteId, siteId))
      .orderBy(asc(devices.carNumber));
    carts.sort((a, b) => Number(a.carNumber) - Number(b.carNumber));
    const catalogue = await tx
      .select({ service: services, price: prices })
      .from(services)
      .innerJoin(prices, eq(prices.serviceId, services.id))
      .where(eq(services.siteId, siteId));
    const drivers = await tx
      .select({ id: members.id, name: members.name, email: members.email, group: members.userGroupId })
      .from(members)
      .where(eq(members.siteId, siteId))
      .orderBy(asc(members.name))
      .limit(60);
    if (carts.length === 0 || catalogue.length === 0) return 0;

    const plan = demoWeek({
      now,
      today,
      timezone: site.timezone,
      openingHours: site.openingHours as OpeningDay[],
      turnaround: site.bookingTurnaround,
      carts: carts.map((cart) => cart.id),
      catalogue,
      drivers,
      seed: siteId,
    });
    let written = 0;
    for (const values of plan) {
      // A cart still held by an operator's booking (or the exclusion constraint's turnaround) keeps it.
      const inserted = await tx
        .insert(bookings)
        .values({ siteId, source: 'staff', status: 'confirmed', ...values })
        .onConflictDoNothing()
        .returning({ id: bookings.id });
      written += inserted.length;
    }
    await tx
      .insert(platformSecrets)
      .values({ key: MARKER(siteId), value: today })
      .onConflictDoUpdate({ target: platformSecrets.key, set: { value: today } });
    return written;
  });
}

type Catalogue = Array<{
  service: typeof services.$inferSelect;
  price: typeof prices.$inferSelect;
}>;

interface WeekInput {
  now: number;
  today: string;
  timezone: string;
  openingHours: OpeningDay[];
  turnaround: number;
  carts: string[];
  catalogue: Catalogue;
  drivers: Array<{ id: string; name: string; email: string; group: string | null }>;
  seed: string;
}

/** The week's bookings and the one maintenance block, each on a cart free for it (turnaround included). */
export type DemoBooking = Omit<typeof bookings.$inferInsert, 'siteId'>;

export function demoWeek(input: WeekInput): DemoBooking[] {
  const { now, today, timezone, openingHours, turnaround, carts } = input;
  const out: DemoBooking[] = [];
  const holds = new Map<string, Array<{ start: number; end: number }>>();
  const free = (cart: string, start: number, end: number) =>
    (holds.get(cart) ?? []).every((hold) => end <= hold.start || hold.end <= start);
  const hold = (cart: string, start: number, end: number) =>
    holds.set(cart, [...(holds.get(cart) ?? []), { start, end }]);
  const usedCodes = new Set<string>();

  // One maintenance block: the last cart, from now (on the half hour) until tomorrow at noon.
  const blockCart = carts[carts.length - 1]!;
  const blockStart = Math.floor(now / (30 * MIN)) * 30 * MIN;
  const blockEnd = zonedInstant(addDays(today, 1), '12:00', timezone);
  out.push({
    deviceId: blockCart,
    bookingType: 'cart_maintenance',
    start: new Date(blockStart),
    end: new Date(blockEnd),
    blockedUntil: new Date(blockEnd),
    code: null,
    name: '',
    note: 'Brake service',
  });
  hold(blockCart, blockStart, blockEnd);

  const bookable = carts.slice(0, Math.max(1, carts.length - WALK_UP_CARTS));
  const eighteen = input.catalogue.filter(({ service }) => service.duration >= 240);
  const nine = input.catalogue.filter(({ service }) => service.duration < 240);
  for (let day = 0; day < DEMO_BOOKING_DAYS; day++) {
    const date = addDays(today, day);
    const hours = openingHours[weekdayOf(date)];
    if (!hours) continue;
    const next = random(`${input.seed}:${date}`);
    const weekend = [0, 6].includes(weekdayOf(date));
    const open = minutesOfDay(hours.openTime);
    const close = minutesOfDay(hours.closeTime);
    // The first group tees off half an hour after opening; the sheet fills more at weekends.
    for (let tee = open + 30; tee < close; tee += DEMO_TEE_INTERVAL_MINUTES) {
      if (next() > (weekend ? 0.55 : 0.35)) continue;
      const round = next() < 0.7 && eighteen.length > 0 ? eighteen : nine.length > 0 ? nine : eighteen;
      const duration = round[0]!.service.duration;
      if (tee + duration > close) continue;
      const start = zonedInstant(date, clock(tee), timezone);
      const end = start + duration * MIN;
      // Today's sheet from an hour ago on: a group out on the course now, the rest still to come.
      if (start < now - 60 * MIN) continue;
      const cart = bookable.find((id) => free(id, start, end + turnaround * MIN));
      if (!cart) continue;
      const member = next() < 0.6 ? input.drivers[Math.floor(next() * input.drivers.length)] : undefined;
      const priced =
        round.find(
          ({ price }) => member && price.userGroupId !== null && price.userGroupId === member.group,
        ) ??
        round.find(({ price }) => price.userGroupId === null && price.availableTimes.length === 0) ??
        round[0]!;
      let code = String(100_000 + Math.floor(next() * 900_000));
      while (usedCodes.has(code)) code = String(100_000 + Math.floor(next() * 900_000));
      usedCodes.add(code);
      hold(cart, start, end + turnaround * MIN);
      out.push({
        deviceId: cart,
        bookingType: 'booking',
        start: new Date(start),
        end: new Date(end),
        blockedUntil: new Date(end + turnaround * MIN),
        code,
        memberId: member?.id ?? null,
        name: member?.name ?? GUESTS[Math.floor(next() * GUESTS.length)]!,
        email: member?.email ?? null,
        serviceId: priced.service.id,
        priceId: priced.price.id,
        amount: priced.price.amount,
        prePaid: next() < 0.5,
        // Auto-unlock only for groups still to come: one under way has had its chance.
        scheduleUnlock: start > now && next() < 0.35,
      });
    }
  }
  return out;
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
