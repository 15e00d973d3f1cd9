import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  roundToTimeStep,
  type GuestBookingCreated,
  type GuestKeyCarts,
  type GuestKeyServices,
  type PublicSite,
} from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { startTestServer } from '../../../test/helpers';
import { bookings } from '../../db/tables/bookings';
import { prices, services } from '../../db/tables/services';
import { EMPTY_PUBLIC_PROFILE, sites } from '../../db/tables/sites';
import { userGroups } from '../../db/tables/user-groups';
import { creditsOf, freshCode, insertCode, insertMember } from '../codes/codes.test-support';
import { keyBookingRange } from './guest-key-bookings.service';
import { createRideClub, insertCart, insertRide } from './guest-rides.test-support';

/**
 * Issue 18 (server): the site portal's virtual-key booking form — the services a key's holder may book, the
 * carts, and 'book now' with its credits taken in the booking's own transaction — with every refusal, each
 * of which leaves the credits and the bookings as they were. Each test has a club of its own: the code
 * limiter counts tries per club.
 */

const MIN = 60_000;
let rt: Runtime;

beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(() => rt.stop());

/** Each test is a phone of its own: the code tries count per address. */
let phones = 0;
let phone = '10.18.0.1';
beforeEach(() => {
  phones++;
  phone = `10.18.${phones}.1`;
});

interface KeyClub {
  siteId: string;
  groupId: string;
  /** 18 holes, 240 min: a guest price of 3 credits and the group's of 2 */
  serviceId: string;
  guestPriceId: string;
  groupPriceId: string;
  /** a service whose only credit price is for another day: listed, but no price applies now */
  laterServiceId: string;
  /** a service sold for money only (no credits): never listed */
  cashServiceId: string;
}

/** A club open all day (unless told), with a user group and services priced in credits. */
async function keyClub(
  openingHours?: NonNullable<Parameters<typeof createRideClub>[1]>['openingHours'],
): Promise<KeyClub> {
  const { siteId } = await createRideClub(rt, { openingHours });
  const [group] = await rt.ctx.db.insert(userGroups).values({ siteId, name: 'Seniors' }).returning();
  const [eighteen, later, cash] = await rt.ctx.db
    .insert(services)
    .values([
      { siteId, name: '18 holes (key)', duration: 240 },
      { siteId, name: 'Twilight (key)', duration: 120 },
      { siteId, name: 'Cash only (key)', duration: 60 },
    ])
    .returning();
  const otherDay = (new Date().getUTCDay() + 3) % 7;
  const [guestPrice, groupPrice] = await rt.ctx.db
    .insert(prices)
    .values([
      { serviceId: eighteen!.id, name: 'Guest credits', amount: 4000, credits: 3, userGroupId: null },
      { serviceId: eighteen!.id, name: 'Seniors credits', amount: 3000, credits: 2, userGroupId: group!.id },
      {
        serviceId: later!.id,
        name: 'Twilight credits',
        amount: 2000,
        credits: 1,
        userGroupId: null,
        availableTimes: [{ day: otherDay, start: '00:00', end: '24:00' }],
      },
      { serviceId: cash!.id, name: 'Cash', amount: 1000, credits: null, userGroupId: null },
      { serviceId: cash!.id, name: 'Cash zero', amount: 1000, credits: 0, userGroupId: null },
    ])
    .returning();
  return {
    siteId,
    groupId: group!.id,
    serviceId: eighteen!.id,
    guestPriceId: guestPrice!.id,
    groupPriceId: groupPrice!.id,
    laterServiceId: later!.id,
    cashServiceId: cash!.id,
  };
}

async function memberWithKey(
  club: KeyClub,
  member: Parameters<typeof insertMember>[2] = {},
  key: Partial<Parameters<typeof insertCode>[1]> = {},
) {
  const row = await insertMember(rt, club.siteId, {
    name: 'Anna Müller',
    email: `anna-${freshCode()}@example.org`,
    credits: 5,
    userGroupId: club.groupId,
    ...member,
  });
  const code = freshCode();
  await insertCode(rt, { siteId: club.siteId, memberId: row.id, type: 'virtualKey', code, ...key });
  return { member: row, code };
}

let nextCar = 100;
/** A cart of the club with a fresh car number (numbers sort as numbers: 100 before 1000). */
const cart = (club: KeyClub, values: Parameters<typeof insertCart>[2] = {}) =>
  insertCart(rt, club.siteId, { carNumber: String(nextCar++), ...values });

const get = (url: string) => rt.app.inject({ url: `/api/guest${url}`, remoteAddress: phone });
const keyServices = (club: KeyClub, code: string) => get(`/sites/${club.siteId}/key-services?code=${code}`);
const keyCarts = (club: KeyClub, code: string, serviceId = club.serviceId) =>
  get(`/sites/${club.siteId}/key-carts?code=${code}&serviceId=${serviceId}`);

/** The body the page sends: the server's own range for now, unless told otherwise. */
function bookingBody(
  club: KeyClub,
  code: string,
  deviceId: string,
  over: Partial<{ serviceId: string; priceId: string; start: string; end: string; siteId: string }> = {},
) {
  const start = roundToTimeStep(Date.now());
  return {
    siteId: club.siteId,
    code,
    serviceId: club.serviceId,
    priceId: club.groupPriceId,
    deviceId,
    start: new Date(start).toISOString(),
    end: new Date(start + 240 * MIN).toISOString(),
    ...over,
  };
}
const book = (body: ReturnType<typeof bookingBody>) =>
  rt.app.inject({ method: 'POST', url: '/api/guest/bookings', payload: body, remoteAddress: phone });
/**
 * A key booking starts now on the 5-minute grid, rounded down (never after the request, so the cart is
 * booked and the booking unlockable at once): between 5 minutes before the request and its answer.
 */
function expectStartsNow(start: number, askedAt: number, answeredAt = Date.now()) {
  expect(start % (5 * MIN)).toBe(0);
  expect(start).toBeLessThanOrEqual(answeredAt);
  expect(start).toBeGreaterThan(askedAt - 5 * MIN);
}
const bookingsOfCart = (deviceId: string) =>
  rt.ctx.db.select().from(bookings).where(eq(bookings.deviceId, deviceId));

describe('GET /api/guest/sites/:siteId/key-services', () => {
  it("lists what the holder may book, with their group's and the guest prices only", async () => {
    const club = await keyClub();
    const { code } = await memberWithKey(club, { credits: 4 });
    const res = await keyServices(club, code);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<GuestKeyServices>();
    expect(body.holder).toEqual({ userGroup: club.groupId, credits: 4 });
    expect(body.timezone).toBe('Europe/London');
    expect(Math.abs(Date.parse(body.serverTime) - Date.now())).toBeLessThan(MIN);
    // The cash-only service (credits null or 0) is not listed; the twilight one is (its price applies on
    // another day: the page's applicability rule hides it today).
    expect(body.services.map((service) => service.name)).toEqual(['18 holes (key)', 'Twilight (key)']);
    const eighteen = body.services[0]!;
    expect(eighteen).toMatchObject({ _id: club.serviceId, duration: 240 });
    // The cheapest first.
    expect(eighteen.prices).toEqual([
      {
        _id: club.groupPriceId,
        name: 'Seniors credits',
        userGroup: club.groupId,
        credits: 2,
        availableTimes: [],
      },
      { _id: club.guestPriceId, name: 'Guest credits', userGroup: null, credits: 3, availableTimes: [] },
    ]);
  });

  it("shows a guest-group holder no other group's price", async () => {
    const club = await keyClub();
    const { code } = await memberWithKey(club, { userGroupId: null });
    const body = (await keyServices(club, code)).json<GuestKeyServices>();
    expect(body.holder.userGroup).toBeNull();
    expect(body.services[0]!.prices.map((price) => price._id)).toEqual([club.guestPriceId]);
  });

  it('refuses an unknown code (404), a disabled or expired key (403), and counts only wrong codes', async () => {
    const club = await keyClub();
    const disabled = await memberWithKey(club, {}, { enabled: false });
    const expired = await memberWithKey(club, {}, { expires: new Date(Date.now() - MIN) });
    expect((await keyServices(club, disabled.code)).json()).toMatchObject({ code: 'keyDisabled' });
    expect((await keyServices(club, expired.code)).statusCode).toBe(403);
    const { code } = await memberWithKey(club);
    // The page sends the right code on every call: never slowed down.
    for (let i = 0; i < 8; i++) expect((await keyServices(club, code)).statusCode).toBe(200);
    const wrong = freshCode();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await keyServices(club, wrong));
    expect(answers.slice(0, 5).map((res) => res.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(answers[0]!.json()).toMatchObject({ code: 'keyNotFound', message: 'Key not found' });
    expect(answers[5]!.statusCode).toBe(429);
    expect(answers[5]!.json()).toMatchObject({ code: 'rateLimited' });
  });
});

describe('GET /api/guest/sites/:siteId/key-carts', () => {
  it("offers the key's free carts in service for now + the duration, recommended first, then by number", async () => {
    const club = await keyClub();
    const [c1, c2, c3, c4, c5, c6] = [
      await cart(club),
      await cart(club),
      await cart(club, { inService: false }),
      await cart(club),
      await cart(club, { lockStatus: 0 }),
      await cart(club),
    ];
    // c4 is booked from 4 h 10 min from now: inside the new booking's turnaround (20 min after its end).
    const start = roundToTimeStep(Date.now());
    await rt.ctx.db.insert(bookings).values({
      siteId: club.siteId,
      deviceId: c4!.id,
      start: new Date(start + 250 * MIN),
      end: new Date(start + 300 * MIN),
      blockedUntil: new Date(start + 320 * MIN),
      name: 'Earlier guest',
      code: freshCode(),
    });
    const { code } = await memberWithKey(
      club,
      {},
      { allDevices: false, devices: [c1, c2, c3, c4, c5].map((c) => c!.carNumber!) },
    );
    const askedAt = Date.now();
    const res = await keyCarts(club, code);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<GuestKeyCarts>();
    expectStartsNow(Date.parse(body.start), askedAt);
    expect(Date.parse(body.end) - Date.parse(body.start)).toBe(240 * MIN);
    // c3 out of service, c4 booked, c5 out on a round now, c6 not the key's.
    expect(body.carts.map((c) => c._id).sort()).toEqual([c1!.id, c2!.id].sort());
    expect(body.carts.filter((c) => c.recommended)).toHaveLength(1);
    expect(body.carts[0]!.recommended).toBe(true);
    void c6;
  });

  it('lists every free cart for an all-carts key, the unrecommended ones by car number', async () => {
    const club = await keyClub();
    const numbers = ['9', '10', '2'];
    const rows = [];
    for (const carNumber of numbers) rows.push(await insertCart(rt, club.siteId, { carNumber }));
    const { code } = await memberWithKey(club);
    const body = (await keyCarts(club, code)).json<GuestKeyCarts>();
    const rest = body.carts.slice(1).map((c) => c.carNumber);
    const expected = ['2', '9', '10'].filter((n) => n !== body.carts[0]!.carNumber);
    expect(rest).toEqual(expected);
  });

  it('refuses an unknown service (404 serviceNotFound) and an unknown key', async () => {
    const club = await keyClub();
    const other = await keyClub();
    const { code } = await memberWithKey(club);
    const res = await keyCarts(club, code, other.serviceId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'serviceNotFound' });
    expect((await keyCarts(other, code)).json()).toMatchObject({ code: 'keyNotFound' });
  });
});

describe('POST /api/guest/bookings', () => {
  it("books the cart now, takes the applicable price's credits and records them on the booking", async () => {
    const club = await keyClub();
    const car = await cart(club);
    const { member, code } = await memberWithKey(club, { credits: 5 });
    const askedAt = Date.now();
    const res = await book(bookingBody(club, code, car.id));
    const answeredAt = Date.now();
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<GuestBookingCreated>();
    expect(created).toMatchObject({ deviceId: car.id, credits: 3 });
    expect(created.code).toMatch(/^\d{6}$/);
    expect(await creditsOf(rt, member.id)).toBe(3);
    const [row] = await bookingsOfCart(car.id);
    expect(row).toMatchObject({
      id: created.bookingId,
      siteId: club.siteId,
      source: 'app',
      status: 'confirmed',
      bookingType: 'booking',
      prePaid: true,
      memberId: member.id,
      name: 'Anna Müller',
      email: member.email,
      serviceId: club.serviceId,
      priceId: club.groupPriceId,
      credits: 2,
      amount: null,
      code: created.code,
    });
    expectStartsNow(+row!.start, askedAt, answeredAt);
    expect(+row!.end - +row!.start).toBe(240 * MIN);
    // The club's turnaround (20 min by default) is held after it.
    expect(+row!.blockedUntil - +row!.end).toBe(20 * MIN);
    // The cart is now booked for walk-up guests.
    expect((await rt.ctx.guestCarts.cartView(car.id)).status).toBe('BOOKED');
  });

  it("opens the booking's unlock at once, whatever the club's booking offset: the member is at the cart", async () => {
    const club = await keyClub();
    await rt.ctx.db.update(sites).set({ bookingOffset: 15 }).where(eq(sites.id, club.siteId));
    const car = await cart(club);
    const { code } = await memberWithKey(club, { credits: 5 });
    const created = (await book(bookingBody(club, code, car.id))).json<GuestBookingCreated>();
    const view = await rt.app.inject({
      url: `/api/guest/bookings/${created.bookingId}?code=${created.code}`,
      remoteAddress: phone,
    });
    const row = (await bookingsOfCart(car.id))[0]!;
    expect(view.json<{ state: string; unlockFrom: string }>()).toMatchObject({
      state: 'prePaid',
      unlockFrom: row.start.toISOString(),
    });
    const unlocked = await rt.app.inject({
      method: 'POST',
      url: `/api/guest/bookings/${created.bookingId}/unlock`,
      payload: { code: created.code },
      remoteAddress: phone,
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
  });

  it('leaves unlimited credits (-1) as they are and records 0 taken', async () => {
    const club = await keyClub();
    const car = await cart(club);
    const { member, code } = await memberWithKey(club, { credits: -1 });
    const res = await book(bookingBody(club, code, car.id));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<GuestBookingCreated>().credits).toBe(-1);
    expect(await creditsOf(rt, member.id)).toBe(-1);
    expect((await bookingsOfCart(car.id))[0]!.credits).toBe(0);
  });

  it("uses the server's range when the phone is a few minutes off, and refuses one further off", async () => {
    const club = await keyClub();
    const [near, far] = [await cart(club), await cart(club)];
    const { code } = await memberWithKey(club, { credits: 10 });
    // The server's own start (rounded down), which key-carts answers; the phone 3 minutes after it.
    const { start } = keyBookingRange(Date.now(), 240);
    const drift = (ms: number) => ({
      start: new Date(start + ms).toISOString(),
      end: new Date(start + ms + 240 * MIN).toISOString(),
    });
    const askedAt = Date.now();
    const ok = await book(bookingBody(club, code, near.id, drift(3 * MIN)));
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await bookingsOfCart(near.id);
    expectStartsNow(+row!.start, askedAt);
    const stale = await book(bookingBody(club, code, far.id, drift(30 * MIN)));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'timesChanged' });
    expect(await bookingsOfCart(far.id)).toEqual([]);
  });

  /** Each refusal: the status and code, nothing booked, no credit taken. */
  async function refused(
    res: Awaited<ReturnType<typeof book>>,
    status: number,
    code: string,
    memberId: string,
    credits: number,
    deviceId: string,
  ) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code });
    expect(await creditsOf(rt, memberId)).toBe(credits);
    expect(await bookingsOfCart(deviceId)).toEqual([]);
  }

  it('refuses a price that is not the applicable one (409 priceNotApplicable)', async () => {
    const club = await keyClub();
    const car = await cart(club);
    const { member, code } = await memberWithKey(club);
    // The group's price (2) beats the guest price (3).
    const res = await book(bookingBody(club, code, car.id, { priceId: club.guestPriceId }));
    await refused(res, 409, 'priceNotApplicable', member.id, 5, car.id);
    // A service whose price applies on another day only (120 min).
    const start = roundToTimeStep(Date.now());
    const later = await book(
      bookingBody(club, code, car.id, {
        serviceId: club.laterServiceId,
        priceId: club.guestPriceId,
        end: new Date(start + 120 * MIN).toISOString(),
      }),
    );
    await refused(later, 409, 'priceNotApplicable', member.id, 5, car.id);
  });

  it('refuses credits that do not cover the price (403 insufficientCredits), 0 included', async () => {
    const club = await keyClub();
    const car = await cart(club);
    const one = await memberWithKey(club, { credits: 1 });
    await refused(
      await book(bookingBody(club, one.code, car.id)),
      403,
      'insufficientCredits',
      one.member.id,
      1,
      car.id,
    );
    const none = await memberWithKey(club, { credits: 0 });
    await refused(
      await book(bookingBody(club, none.code, car.id)),
      403,
      'insufficientCredits',
      none.member.id,
      0,
      car.id,
    );
  });

  it('refuses a cart the key is not for, a disabled or expired key, and an unknown code', async () => {
    const club = await keyClub();
    const [mine, other] = [await cart(club), await cart(club)];
    const some = await memberWithKey(club, {}, { allDevices: false, devices: [mine.carNumber!] });
    await refused(
      await book(bookingBody(club, some.code, other.id)),
      403,
      'notAllowedForCart',
      some.member.id,
      5,
      other.id,
    );
    const off = await memberWithKey(club, {}, { enabled: false });
    await refused(
      await book(bookingBody(club, off.code, mine.id)),
      403,
      'keyDisabled',
      off.member.id,
      5,
      mine.id,
    );
    const old = await memberWithKey(club, {}, { expires: new Date(Date.now() - MIN) });
    await refused(
      await book(bookingBody(club, old.code, mine.id)),
      403,
      'keyExpired',
      old.member.id,
      5,
      mine.id,
    );
    const unknown = await book(bookingBody(club, freshCode(), mine.id));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'keyNotFound' });
  });

  it('refuses a booking while the club is closed (409 SITE_CLOSED)', async () => {
    const club = await keyClub(Array.from({ length: 7 }, () => null));
    const car = await cart(club);
    const { member, code } = await memberWithKey(club);
    await refused(await book(bookingBody(club, code, car.id)), 409, 'SITE_CLOSED', member.id, 5, car.id);
  });

  it('refuses a club whose bookings a booking integration takes (403 bookingLocked)', async () => {
    const club = await keyClub();
    await rt.ctx.db.update(sites).set({ bookingIntegration: true }).where(eq(sites.id, club.siteId));
    const car = await cart(club);
    const { member, code } = await memberWithKey(club);
    await refused(await book(bookingBody(club, code, car.id)), 403, 'bookingLocked', member.id, 5, car.id);
  });

  it('refuses a cart out of service or out on a round, and an unknown service or cart', async () => {
    const club = await keyClub();
    const { member, code } = await memberWithKey(club);
    const broken = await cart(club, { inService: false });
    await refused(
      await book(bookingBody(club, code, broken.id)),
      409,
      'outOfService',
      member.id,
      5,
      broken.id,
    );
    const out = await cart(club, { lockStatus: 0 });
    await refused(await book(bookingBody(club, code, out.id)), 409, 'IN_USE', member.id, 5, out.id);
    const other = await keyClub();
    const foreign = await cart(other);
    await refused(
      await book(bookingBody(club, code, foreign.id)),
      404,
      'cartNotFound',
      member.id,
      5,
      foreign.id,
    );
    const car = await cart(club);
    const res = await book(bookingBody(club, code, car.id, { serviceId: other.serviceId }));
    await refused(res, 404, 'serviceNotFound', member.id, 5, car.id);
  });

  it('refuses a cart already booked (409 overlap) and charges nothing', async () => {
    const club = await keyClub();
    const car = await cart(club);
    const first = await memberWithKey(club);
    expect((await book(bookingBody(club, first.code, car.id))).statusCode).toBe(201);
    const second = await memberWithKey(club);
    const res = await book(bookingBody(club, second.code, car.id));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'overlap' });
    expect(await creditsOf(rt, second.member.id)).toBe(5);
    expect(await bookingsOfCart(car.id)).toHaveLength(1);
  });

  it('books once and charges once for the same request sent twice at the same time', async () => {
    const club = await keyClub();
    const car = await cart(club);
    const { member, code } = await memberWithKey(club, { credits: 5 });
    const body = bookingBody(club, code, car.id);
    const answers = await Promise.all([book(body), book(body), book(body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json()).toMatchObject({ code: 'overlap' });
    expect(await creditsOf(rt, member.id)).toBe(3);
    expect(await bookingsOfCart(car.id)).toHaveLength(1);
  });

  it('spends the last credits once when two carts are asked for at the same time', async () => {
    const club = await keyClub();
    const [a, b] = [await cart(club), await cart(club)];
    const { member, code } = await memberWithKey(club, { credits: 3 });
    const answers = await Promise.all([
      book(bookingBody(club, code, a.id)),
      book(bookingBody(club, code, b.id)),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 403]);
    expect(answers.find((res) => res.statusCode === 403)!.json()).toMatchObject({
      code: 'insufficientCredits',
    });
    expect(await creditsOf(rt, member.id)).toBe(1);
    expect((await bookingsOfCart(a.id)).length + (await bookingsOfCart(b.id)).length).toBe(1);
  });

  it('answers a malformed body 400 and changes nothing', async () => {
    const club = await keyClub();
    const car = await cart(club);
    const { member, code } = await memberWithKey(club);
    const res = await book({ ...bookingBody(club, code, car.id), code: '12ab56' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('code');
    expect(await creditsOf(rt, member.id)).toBe(5);
    expect(await bookingsOfCart(car.id)).toEqual([]);
  });

  it('leaves a ride on the cart alone: a cart with an open ride is in use', async () => {
    const club = await keyClub();
    const car = await cart(club, { inUse: true });
    await insertRide(rt, car, { status: 'active', end: null, duration: null });
    const { member, code } = await memberWithKey(club);
    await refused(await book(bookingBody(club, code, car.id)), 409, 'IN_USE', member.id, 5, car.id);
  });
});

describe('GET /api/guest/sites/:id (the portal header)', () => {
  it('answers the display name, logo, public profile, booking app and booking offset', async () => {
    const club = await keyClub();
    await rt.ctx.db
      .update(sites)
      .set({
        publicProfile: {
          ...EMPTY_PUBLIC_PROFILE,
          active: true,
          name: 'Řevnice Golf',
          website: 'https://book.example.org',
        },
        logo: '/api/files/logo-key.png',
        bookingOffset: 10,
      })
      .where(eq(sites.id, club.siteId));
    const res = await get(`/sites/${club.siteId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PublicSite>()).toMatchObject({
      displayName: 'Řevnice Golf',
      logoUrl: '/api/files/logo-key.png',
      publicProfileActive: true,
      bookingAppUrl: 'https://book.example.org',
      bookingOffset: 10,
    });
    // Without a public profile name, the site's own; no logo, no booking app.
    const plain = await createRideClub(rt, { name: 'Plain Key Club' });
    expect((await get(`/sites/${plain.siteId}`)).json<PublicSite>()).toMatchObject({
      displayName: 'Plain Key Club',
      logoUrl: null,
      publicProfileActive: false,
      bookingAppUrl: '',
      bookingOffset: 0,
    });
  });
});
