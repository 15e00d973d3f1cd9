import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { localTime, minutesOfDay, roundToTenth, type RideType } from '@fairway/domain';
import type { DbExecutor } from '../db/client';
import { bookings } from '../db/tables/bookings';
import { devices } from '../db/tables/devices';
import { members } from '../db/tables/members';
import { rides } from '../db/tables/rides';
import { prices, services } from '../db/tables/services';
import { sites } from '../db/tables/sites';
import { userGroups } from '../db/tables/user-groups';
import { demoRoundStarts, sequence } from './demo-usage-pattern';

/**
 * The demo club's ride history besides the card payments (issue 19 item 5): about 100 days of members'
 * code rides, rounds of bookings (each with its booking, a few bookings were no-shows) and carts staff
 * unlocked from the dashboard, so every Usage chart has a story on a fresh clone: busier Fridays and
 * Saturdays and mornings (demo-usage-pattern.ts), 18 and 9 holes at member, guest, junior and twilight
 * prices, and a few outliers — a cart kept all day, one kept overnight (over 10 h: counted as 0, spec §4).
 * No trails: the card-paid rides carry those, and written in a few statements the seed stays fast.
 */

export const DEMO_HISTORY_DAYS = 100;
/** Rounds on a day of each weekday, Sunday first (the demo club is closed on Sundays). */
export const DEMO_HISTORY_PER_WEEKDAY = [4, 5, 4, 4, 5, 8, 13];
const MIN = 60_000;
const BATCH = 500;
const WALK_INS = ['Fiona Baxter', 'Lars Østergaard', 'Hugo Brandt', 'Petra Dvořák', 'Niamh Kelly'];

interface Rate {
  priceId: string;
  serviceId: string;
  holes: 9 | 18;
  amount: number;
  group: string | null;
  twilight: boolean;
}

/** How long the round took: 18 holes about 4¼ h, 9 about 2¼ h, spread like real groups. */
function roundMinutes(holes: 9 | 18, random: () => number): number {
  const spread = (random() + random() + random() - 1.5) * 2; // roughly −3 … 3, most near 0
  return holes === 18 ? Math.round(255 + spread * 22) : Math.round(135 + spread * 14);
}

/**
 * Writes the history once (the caller, seedDemo, runs once per database) after the card payments, whose
 * rides it reads so that no cart drives two rounds at once. Answers the number of rides written.
 */
export async function seedDemoRideHistory(tx: DbExecutor, siteId: string, now = Date.now()): Promise<number> {
  const [site] = await tx.select().from(sites).where(eq(sites.id, siteId));
  if (!site) return 0;
  const carts = await tx
    .select({ id: devices.id, carNumber: devices.carNumber })
    .from(devices)
    .where(eq(devices.siteId, siteId))
    .orderBy(sql`length(${devices.carNumber})`, devices.carNumber);
  const catalogue = await tx
    .select({
      priceId: prices.id,
      serviceId: services.id,
      service: services.name,
      amount: prices.amount,
      group: userGroups.name,
      availableTimes: prices.availableTimes,
    })
    .from(prices)
    .innerJoin(services, eq(services.id, prices.serviceId))
    .leftJoin(userGroups, eq(userGroups.id, prices.userGroupId))
    .where(eq(services.siteId, siteId))
    .orderBy(services.name, prices.amount);
  const drivers = await tx
    .select({ id: members.id, name: members.name, email: members.email, group: userGroups.name })
    .from(members)
    .leftJoin(userGroups, eq(userGroups.id, members.userGroupId))
    .where(and(eq(members.siteId, siteId), isNotNull(members.userGroupId)))
    .orderBy(members.email);
  if (carts.length === 0 || catalogue.length === 0) return 0;
  const rates: Rate[] = catalogue.map((rate) => ({
    priceId: rate.priceId,
    serviceId: rate.serviceId,
    holes: rate.service.startsWith('9') ? 9 : 18,
    amount: rate.amount,
    group: rate.group,
    twilight: rate.availableTimes.length > 0,
  }));

  // What the carts already drove (the card payments' rides): a cart drives one round at a time.
  const taken = new Map<string, Array<[number, number]>>();
  for (const ride of await tx
    .select({ deviceId: rides.deviceId, start: rides.start, end: rides.end })
    .from(rides)
    .where(eq(rides.siteId, siteId)))
    (taken.get(ride.deviceId) ?? taken.set(ride.deviceId, []).get(ride.deviceId)!).push([
      +ride.start,
      +(ride.end ?? now),
    ]);
  const isFree = (cartId: string, from: number, to: number) =>
    !(taken.get(cartId) ?? []).some(([start, end]) => start < to && from < end);

  const random = sequence(19);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const starts = demoRoundStarts({
    now,
    days: DEMO_HISTORY_DAYS,
    timezone: site.timezone,
    openingHours: site.openingHours,
    perWeekday: DEMO_HISTORY_PER_WEEKDAY,
    random,
  });

  const rideRows: Array<typeof rides.$inferInsert> = [];
  const bookingRows: Array<typeof bookings.$inferInsert> = [];
  for (const start of starts) {
    const roll = random();
    // Members open carts with their codes; a third of the rounds were booked; staff unlock some walk-ins.
    const type: RideType = roll < 0.45 ? 'code' : roll < 0.8 ? 'booking' : 'manual';
    // A code is a member's; staff unlock walk-ins; a booking is a member's or a guest's.
    const member =
      drivers.length === 0 || type === 'manual' || (type === 'booking' && random() < 0.4)
        ? null
        : pick(drivers);
    const wanted = random() < 0.6 ? 18 : 9;
    const late = minutesOfDay(localTime(start, site.timezone)) >= 16 * 60;
    const priced = rates.filter(
      (rate) => (member ? rate.group === member.group : rate.group === null) && (!rate.twilight || late),
    );
    // Guests take the twilight rate late in the day; members pay their group's price for the round.
    const rate =
      priced.find((candidate) => candidate.holes === wanted && candidate.twilight) ??
      priced.find((candidate) => candidate.holes === wanted) ??
      priced[0] ??
      pick(rates);
    const { holes } = rate;
    const outlier = random();
    const minutes =
      outlier < 0.008
        ? 14 * 60 + Math.floor(random() * 120) // kept overnight: over 10 h counts as 0
        : outlier < 0.028
          ? 8 * 60 + Math.floor(random() * 100) // kept all day
          : roundMinutes(holes, random);
    const end = start + minutes * MIN;
    if (end > now) continue;
    // The carts nearest the barn door go out most, so the usage by cart has a slope; every cart gets rounds.
    const free = carts.filter((candidate) => isFree(candidate.id, start, end));
    if (free.length === 0) continue;
    const cart = free[Math.floor(random() ** 1.6 * free.length)]!;
    taken.set(cart.id, [...(taken.get(cart.id) ?? []), [start, end]]);
    const name = member?.name ?? pick(WALK_INS);
    const email = member?.email ?? null;
    const seconds = minutes * 60;
    const bookingId = type === 'booking' ? randomUUID() : null;
    if (bookingId)
      bookingRows.push({
        id: bookingId,
        siteId,
        deviceId: cart.id,
        source: random() < 0.5 ? 'app' : 'staff',
        status: 'confirmed',
        start: new Date(start),
        // As long as the round was: the cart's next round may start right after it.
        end: new Date(end),
        blockedUntil: new Date(end),
        code: String(randomInt(100_000, 1_000_000)),
        memberId: member?.id ?? null,
        name,
        email,
        serviceId: rate.serviceId,
        priceId: rate.priceId,
        amount: rate.amount,
      });
    rideRows.push({
      siteId,
      deviceId: cart.id,
      carNumber: cart.carNumber,
      type,
      status: 'ended',
      confirmed: true,
      serviceId: rate.serviceId,
      priceId: rate.priceId,
      bookingId,
      memberId: member?.id ?? null,
      meta: { name, email },
      start: new Date(start),
      end: new Date(end),
      duration: seconds > 36_000 ? 0 : seconds,
      distance: roundToTenth((holes === 18 ? 6.2 : 3.1) + random() * 1.6),
      // Members ride on their credits; guests paid at the desk.
      amount: member ? null : rate.amount,
      creditsDeducted: member ? 1 : 0,
      endReason: 'guest',
    });
  }
  // A few bookings nobody came for: demand the bookings heatmap shows and no round does.
  for (const booking of bookingRows.filter((_, index) => index % 25 === 24))
    bookingRows.push({
      ...booking,
      id: randomUUID(),
      status: 'no_show',
      start: new Date(+booking.start! - 30 * MIN),
      end: new Date(+booking.start! - 10 * MIN),
      blockedUntil: new Date(+booking.start! - 10 * MIN),
      code: String(randomInt(100_000, 1_000_000)),
    });
  for (let i = 0; i < bookingRows.length; i += BATCH)
    // A no-show that would overlap a live booking of its cart is left out (the exclusion constraint).
    await tx
      .insert(bookings)
      .values(bookingRows.slice(i, i + BATCH))
      .onConflictDoNothing();
  for (let i = 0; i < rideRows.length; i += BATCH)
    await tx.insert(rides).values(rideRows.slice(i, i + BATCH));
  return rideRows.length;
}
