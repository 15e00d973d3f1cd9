import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { GuestMasterCarts } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, startAsSuperadmin } from '../../../test/helpers';
import { eventually } from '../../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../../test/test-cart';
import { bookings } from '../../db/tables/bookings';
import { deviceCommands } from '../../db/tables/commands';
import { devices } from '../../db/tables/devices';
import { freshCode, insertCode, insertMember } from '../codes/codes.test-support';
import { createRideClub, insertCart, insertRide, ridesOfCart } from './guest-rides.test-support';

/**
 * Issue 18 (server): the site portal's master-key page — the club's carts for a master code, and its lock
 * toggle through the dashboard's command path to a real cart over MQTT (booked carts and a closed club
 * included), with every refusal. A master code is checked on each call and opens nothing else.
 */

const MIN = 60_000;
const SLOW = 15_000;
const CLOSED_ALL_WEEK = Array.from({ length: 7 }, () => null);
let rt: Runtime;
let superadmin: string;
const carts: TestCart[] = [];

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
});
afterAll(async () => {
  for (const cart of carts) await cart.disconnect();
  await rt.stop();
});

let phones = 0;
let phone = '10.28.0.1';
beforeEach(() => {
  phones++;
  phone = `10.28.${phones}.1`;
});

/** A club with a master key and a plain key; closed all week unless told. */
async function masterClub(
  openingHours: NonNullable<Parameters<typeof createRideClub>[1]>['openingHours'] = CLOSED_ALL_WEEK,
) {
  const { siteId } = await createRideClub(rt, { openingHours });
  const keyOf = async (master: boolean, key: Partial<Parameters<typeof insertCode>[1]> = {}) => {
    const member = await insertMember(rt, siteId, { name: master ? 'Head Greenkeeper' : 'Anna Müller' });
    const code = freshCode();
    const row = await insertCode(rt, {
      siteId,
      memberId: member.id,
      type: 'virtualKey',
      code,
      master,
      ...key,
    });
    return { code, id: row.id };
  };
  return { siteId, master: await keyOf(true), plain: await keyOf(false), keyOf };
}

const masterCarts = (siteId: string, code: string) =>
  rt.app.inject({ url: `/api/guest/sites/${siteId}/master-carts?code=${code}`, remoteAddress: phone });
const toggle = (deviceId: string, code: string, lockStatus: 'locked' | 'unlocked', extra: object = {}) =>
  rt.app.inject({
    method: 'POST',
    url: `/api/guest/devices/${deviceId}/toggle-lock`,
    payload: { lockStatus, code, ...extra },
    remoteAddress: phone,
  });
const commandsOf = (deviceId: string) =>
  rt.ctx.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, deviceId));
const lockOf = async (deviceId: string) =>
  (await rt.ctx.db.select({ lock: devices.lockStatus }).from(devices).where(eq(devices.id, deviceId)))[0]!
    .lock;

/** A booking (or maintenance block) covering now on the cart. */
async function coverNow(
  siteId: string,
  deviceId: string,
  bookingType: 'booking' | 'cart_maintenance' = 'booking',
) {
  await rt.ctx.db.insert(bookings).values({
    siteId,
    deviceId,
    bookingType,
    start: new Date(Date.now() - 30 * MIN),
    end: new Date(Date.now() + 60 * MIN),
    blockedUntil: new Date(Date.now() + 80 * MIN),
    name: 'Booked guest',
    code: bookingType === 'booking' ? freshCode() : null,
  });
}

describe('GET /api/guest/sites/:siteId/master-carts', () => {
  it('lists every cart of the club by number, with online, lock, key mode and display status', async () => {
    const club = await masterClub();
    const nine = await insertCart(rt, club.siteId, { carNumber: '9' });
    const ten = await insertCart(rt, club.siteId, { carNumber: '10', lockStatus: 0 });
    const two = await insertCart(rt, club.siteId, { carNumber: '2', online: false });
    const one = await insertCart(rt, club.siteId, { carNumber: '1', key: '1' });
    const three = await insertCart(rt, club.siteId, { carNumber: '3' });
    await coverNow(club.siteId, nine.id);
    await coverNow(club.siteId, three.id, 'cart_maintenance');
    const res = await masterCarts(club.siteId, club.master.code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GuestMasterCarts>().carts).toEqual([
      { _id: one.id, carNumber: '1', online: true, locked: true, keyMode: true, displayLockStatus: 'locked' },
      {
        _id: two.id,
        carNumber: '2',
        online: false,
        locked: true,
        keyMode: false,
        displayLockStatus: 'locked',
      },
      {
        _id: three.id,
        carNumber: '3',
        online: true,
        locked: true,
        keyMode: false,
        displayLockStatus: 'maintenance',
      },
      {
        _id: nine.id,
        carNumber: '9',
        online: true,
        locked: true,
        keyMode: false,
        displayLockStatus: 'booked',
      },
      {
        _id: ten.id,
        carNumber: '10',
        online: true,
        locked: false,
        keyMode: false,
        displayLockStatus: 'unlocked',
      },
    ]);
  });

  it("is not found for a member's plain key, another club's master key or an unknown code", async () => {
    const club = await masterClub();
    const other = await masterClub();
    for (const code of [club.plain.code, other.master.code, freshCode()]) {
      const res = await masterCarts(club.siteId, code);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'keyNotFound', message: 'Key not found' });
    }
  });

  it('refuses a disabled or expired master key (403)', async () => {
    const club = await masterClub();
    const disabled = await club.keyOf(true, { enabled: false });
    const expired = await club.keyOf(true, { expires: new Date(Date.now() - MIN) });
    expect((await masterCarts(club.siteId, disabled.code)).json()).toMatchObject({ code: 'keyDisabled' });
    expect((await masterCarts(club.siteId, expired.code)).json()).toMatchObject({ code: 'keyExpired' });
  });

  it('lets the page poll with the right code, and slows down wrong ones (429 with retryAfter)', async () => {
    const club = await masterClub();
    for (let i = 0; i < 12; i++)
      expect((await masterCarts(club.siteId, club.master.code)).statusCode).toBe(200);
    const wrong = freshCode();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await masterCarts(club.siteId, wrong));
    expect(answers.slice(0, 5).every((res) => res.statusCode === 404)).toBe(true);
    expect(answers[5]!.statusCode).toBe(429);
    expect(answers[5]!.json<{ retryAfter: number }>().retryAfter).toBeGreaterThan(0);
  });
});

describe('POST /api/guest/devices/:id/toggle-lock', () => {
  it('unlocks a booked cart while the club is closed, and locks it again, as the master key', async () => {
    const club = await masterClub();
    const cart = await startTestCart(rt, superadmin, club.siteId);
    carts.push(cart);
    await eventually(
      async () => (await rt.ctx.guestCarts.cartView(cart.deviceId)).status === 'SITE_CLOSED',
      SLOW,
    );
    await coverNow(club.siteId, cart.deviceId);
    const before = (await masterCarts(club.siteId, club.master.code)).json<GuestMasterCarts>().carts;
    expect(before.find((c) => c._id === cart.deviceId)).toMatchObject({
      locked: true,
      displayLockStatus: 'booked',
    });

    const unlock = await toggle(cart.deviceId, club.master.code, 'unlocked', {
      virtualKeyId: club.master.id,
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    const { commandId } = unlock.json<{ commandId: string }>();
    await eventually(async () => (await lockOf(cart.deviceId)) === 0, SLOW);
    expect(cart.commands.map((command) => command.name)).toEqual(['unlock']);
    const [command] = await commandsOf(cart.deviceId);
    expect(command).toMatchObject({
      id: commandId,
      name: 'unlock',
      source: 'master-key',
      requestedBy: null,
      requestedByCode: club.master.id,
      state: 'acknowledged',
    });
    // The page's poll sees it; the master key's unlock opens no ride (its holder is not a paying guest).
    const listed = (await masterCarts(club.siteId, club.master.code)).json<GuestMasterCarts>().carts;
    expect(listed.find((c) => c._id === cart.deviceId)).toMatchObject({
      locked: false,
      displayLockStatus: 'unlocked',
    });
    expect(await ridesOfCart(rt, cart.deviceId)).toEqual([]);

    const lock = await toggle(cart.deviceId, club.master.code, 'locked');
    expect(lock.statusCode, lock.body).toBe(200);
    await eventually(async () => (await lockOf(cart.deviceId)) === 1, SLOW);
    expect(cart.commands.map((c) => c.name)).toEqual(['unlock', 'lock']);
  });

  it('answers a cart already in the asked state 409, with the dashboard texts', async () => {
    const club = await masterClub();
    const locked = await insertCart(rt, club.siteId);
    const unlocked = await insertCart(rt, club.siteId, { lockStatus: 0 });
    const a = await toggle(locked.id, club.master.code, 'locked');
    expect(a.statusCode).toBe(409);
    expect(a.json()).toMatchObject({ code: 'alreadyLocked', message: 'Cart is already locked' });
    const b = await toggle(unlocked.id, club.master.code, 'unlocked');
    expect(b.statusCode).toBe(409);
    expect(b.json()).toMatchObject({ code: 'alreadyUnlocked', message: 'Cart is already unlocked' });
    expect([...(await commandsOf(locked.id)), ...(await commandsOf(unlocked.id))]).toEqual([]);
  });

  it('refuses an offline cart (OFFLINE) and one in key mode (KEYMODE), sending nothing', async () => {
    const club = await masterClub();
    const offline = await insertCart(rt, club.siteId, { online: false });
    const keyMode = await insertCart(rt, club.siteId, { key: '1' });
    const a = await toggle(offline.id, club.master.code, 'unlocked');
    expect(a.statusCode).toBe(409);
    expect(a.json()).toMatchObject({ code: 'OFFLINE' });
    const b = await toggle(keyMode.id, club.master.code, 'unlocked');
    expect(b.statusCode).toBe(409);
    expect(b.json()).toMatchObject({ code: 'KEYMODE' });
    expect([...(await commandsOf(offline.id)), ...(await commandsOf(keyMode.id))]).toEqual([]);
  });

  it("leaves a guest's open ride alone (409 IN_USE): neither locks nor unlocks its cart", async () => {
    const club = await masterClub();
    const riding = await insertCart(rt, club.siteId, { lockStatus: 0, inUse: true });
    await insertRide(rt, riding, { type: 'payment', status: 'active', end: null, duration: null });
    const paused = await insertCart(rt, club.siteId);
    await insertRide(rt, paused, { type: 'payment', status: 'paused', end: null, duration: null });
    const a = await toggle(riding.id, club.master.code, 'locked');
    expect(a.statusCode).toBe(409);
    expect(a.json()).toMatchObject({ code: 'IN_USE' });
    const b = await toggle(paused.id, club.master.code, 'unlocked');
    expect(b.json()).toMatchObject({ code: 'IN_USE' });
    expect([...(await commandsOf(riding.id)), ...(await commandsOf(paused.id))]).toEqual([]);
  });

  it("takes only a master code of the cart's own club: a plain key, another club's master, an id alone", async () => {
    const club = await masterClub();
    const other = await masterClub();
    const car = await insertCart(rt, club.siteId);
    for (const code of [club.plain.code, other.master.code]) {
      const res = await toggle(car.id, code, 'unlocked');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'keyNotFound' });
    }
    // The master key's id with a wrong code: the code decides.
    const byId = await toggle(car.id, freshCode(), 'unlocked', { virtualKeyId: club.master.id });
    expect(byId.json()).toMatchObject({ code: 'keyNotFound' });
    const disabled = await club.keyOf(true, { enabled: false });
    expect((await toggle(car.id, disabled.code, 'unlocked')).json()).toMatchObject({ code: 'keyDisabled' });
    const unknownCart = await toggle('00000000-0000-4000-8000-000000000000', club.master.code, 'unlocked');
    expect(unknownCart.statusCode).toBe(404);
    expect(unknownCart.json()).toMatchObject({ code: 'cartNotFound' });
    expect(await commandsOf(car.id)).toEqual([]);
  });

  it('is not a login: the dashboard does not take a master code', async () => {
    const club = await masterClub();
    const res = await rt.app.inject({
      url: '/api/dashboard/devices',
      headers: asUser(club.master.code, club.siteId),
    });
    expect(res.statusCode).toBe(401);
  });
});
