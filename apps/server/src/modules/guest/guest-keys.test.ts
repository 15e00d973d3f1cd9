import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { GuestKeyView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { loginAs, startTestServer } from '../../../test/helpers';
import { bookings } from '../../db/tables/bookings';
import { devices } from '../../db/tables/devices';
import { rides } from '../../db/tables/rides';
import { sites } from '../../db/tables/sites';
import { userGroups } from '../../db/tables/user-groups';
import {
  createClub,
  creditsOf,
  freshCode,
  insertCart,
  insertCode,
  insertMember,
} from '../codes/codes.test-support';

/** The site portal's key lookup (issue 18): what a virtual-key or master code is, and every refusal. */

let rt: Runtime;
let siteId: string;
let otherSiteId: string;

beforeAll(async () => {
  rt = await startTestServer();
  const superadmin = await loginAs(rt, 'superadmin@example.com');
  [siteId, otherSiteId] = await Promise.all([
    createClub(rt, superadmin, false),
    createClub(rt, superadmin, false),
  ]);
  // Open around the clock: the carts' status must not follow the hour the suite runs at.
  await rt.ctx.db
    .update(sites)
    .set({ openingHours: Array.from({ length: 7 }, () => ({ openTime: '00:00', closeTime: '24:00' })) })
    .where(eq(sites.id, siteId));
});
afterAll(() => rt.stop());

/** Each test is a phone of its own: the code tries count per address. */
let phones = 0;
let phone = '10.1.0.1';
beforeEach(() => {
  phones++;
  phone = `10.1.${phones}.1`;
});
const lookUp = (site: string, code: string, master?: boolean, from = phone) =>
  rt.app.inject({
    url: `/api/guest/sites/${site}/virtual-keys?code=${code}${master === undefined ? '' : `&master=${master}`}`,
    remoteAddress: from,
  });

async function memberWithKey(
  values: Parameters<typeof insertMember>[2] = {},
  key: Partial<Parameters<typeof insertCode>[1]> = {},
  site = siteId,
) {
  const member = await insertMember(rt, site, values);
  const code = freshCode();
  const row = await insertCode(rt, {
    siteId: site,
    memberId: member.id,
    type: 'virtualKey',
    code,
    ...key,
  });
  return { member, code, row };
}

describe('GET /api/guest/sites/:siteId/virtual-keys', () => {
  it("shows a member's key: driver, group, credits, carts, enabled, expiry — and nothing else", async () => {
    const [group] = await rt.ctx.db.insert(userGroups).values({ siteId, name: 'Seniors' }).returning();
    const expires = new Date(Date.now() + 7 * 86_400_000);
    expires.setUTCSeconds(0, 0);
    const { member, code, row } = await memberWithKey(
      { name: 'Anna Müller', email: 'anna@example.org', credits: 4, userGroupId: group!.id },
      { allDevices: false, devices: ['3', '12'], expires },
    );
    const res = await lookUp(siteId, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GuestKeyView>()).toEqual({
      _id: row.id,
      master: false,
      driverName: 'Anna Müller',
      email: 'anna@example.org',
      userGroupName: 'Seniors',
      credits: 4,
      allDevices: false,
      devices: ['3', '12'],
      enabled: true,
      expires: expires.toISOString(),
    });
    expect(res.body).not.toContain(member.id);
  });

  it('reads unlimited credits and the guest group as they are stored (-1, null)', async () => {
    const { code } = await memberWithKey({ credits: -1 });
    const key = (await lookUp(siteId, code)).json<GuestKeyView>();
    expect(key.credits).toBe(-1);
    expect(key.userGroupName).toBeNull();
    expect(key.allDevices).toBe(true);
    expect(key.devices).toEqual([]);
  });

  it('finds a master key on the master card; a member key there is not found', async () => {
    const master = await memberWithKey({}, { master: true });
    const plain = await memberWithKey();
    const found = await lookUp(siteId, master.code, true);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<GuestKeyView>().master).toBe(true);
    const refused = await lookUp(siteId, plain.code, true);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'keyNotFound', message: 'Key not found' });
    // The master key also reads as a key on the virtual-key card.
    expect((await lookUp(siteId, master.code, false)).statusCode).toBe(200);
  });

  it('refuses a disabled key and one that expired, with their codes', async () => {
    const disabled = await memberWithKey({}, { enabled: false });
    const expired = await memberWithKey({}, { expires: new Date(Date.now() - 60_000) });
    const off = await lookUp(siteId, disabled.code);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'keyDisabled', message: 'This virtual key is disabled' });
    const old = await lookUp(siteId, expired.code);
    expect(old.statusCode).toBe(403);
    expect(old.json()).toMatchObject({ code: 'keyExpired' });
  });

  it("knows no other club's keys, no keypad or RFID codes, and no site that is not a club", async () => {
    const { code } = await memberWithKey();
    expect((await lookUp(otherSiteId, code)).json()).toMatchObject({ code: 'keyNotFound' });
    const keypadMember = await insertMember(rt, siteId);
    const keypad = freshCode();
    await insertCode(rt, { siteId, memberId: keypadMember.id, type: 'keypad', code: keypad });
    expect((await lookUp(siteId, keypad)).statusCode).toBe(404);
    const [staging] = await rt.ctx.db.select().from(sites).where(eq(sites.staging, true));
    expect((await lookUp(staging!.id, code)).statusCode).toBe(404);
  });

  it('answers a malformed code or site 400, naming the field, and counts no try', async () => {
    const bad = await lookUp(siteId, '12ab56');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('code');
    expect((await lookUp('not-a-site', '123456')).statusCode).toBe(400);
  });

  it("slows one phone repeating a code without locking out the club's other guests", async () => {
    const wrong = '000001';
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await lookUp(siteId, wrong)).statusCode);
    expect(answers).toEqual([404, 404, 404, 404, 404, 429]);
    const limited = await lookUp(siteId, wrong);
    expect(limited.json<{ code: string; retryAfter: number }>()).toMatchObject({ code: 'rateLimited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another guest on the club's Wi-Fi (same address) with their own key, and another phone, still get in.
    const { code } = await memberWithKey();
    expect((await lookUp(siteId, code)).statusCode).toBe(200);
    expect((await lookUp(siteId, wrong, undefined, '10.250.0.1')).statusCode).toBe(404);
  });

  it('never slows down the holder of a real key, who looks it up on every visit of the key page', async () => {
    const { code } = await memberWithKey();
    const answers = [];
    for (let i = 0; i < 8; i++)
      answers.push((await lookUp(siteId, code, undefined, '10.250.0.2')).statusCode);
    expect(answers).toEqual(Array.from({ length: 8 }, () => 200));
  });
});

/** A cart of the club that reports now: online, locked, keyless, in service (no tracker answers it). */
async function readyCart(site: string, carNumber: string): Promise<string> {
  const id = await insertCart(rt, site, carNumber);
  await rt.ctx.db
    .update(devices)
    .set({ online: true, lastReportAt: new Date(), lockStatus: 1, key: '0', inService: true })
    .where(eq(devices.id, id));
  return id;
}
let carts = 0;
const nextCartNumber = () => String(100 + ++carts);

const unlockWith = (deviceId: string, code: string, from = phone) =>
  rt.app.inject({
    method: 'POST',
    url: `/api/guest/devices/${deviceId}/unlock`,
    remoteAddress: from,
    payload: { deviceId, rideData: { type: 'code', code } },
  });
const ridesOn = (deviceId: string) => rt.ctx.db.select().from(rides).where(eq(rides.deviceId, deviceId));

describe('POST /api/guest/devices/:deviceId/unlock with a virtual key (spec §4 Virtual key unlock allowed)', () => {
  it("opens a key ride in the member's name and takes one credit, once however often it is asked", async () => {
    const cart = await readyCart(siteId, nextCartNumber());
    const { member, code, row } = await memberWithKey({ name: 'Anna Müller', credits: 2 });
    const res = await unlockWith(cart, code);
    expect(res.statusCode, res.body).toBe(200);
    const [ride] = await ridesOn(cart);
    expect(ride).toMatchObject({ type: 'key', memberId: member.id, codeId: row.id, id: res.json().session });
    expect(ride!.meta).toMatchObject({ name: 'Anna Müller' });
    expect(await creditsOf(rt, member.id)).toBe(1);
    // Asked again (a double tap, a retried request): the cart is taken, nothing more is charged.
    const again = await unlockWith(cart, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'IN_USE' });
    expect(await creditsOf(rt, member.id)).toBe(1);
    expect(await ridesOn(cart)).toHaveLength(1);
  });

  it('keeps unlimited credits unlimited, and refuses a key with none left without opening a ride', async () => {
    const [free, broke] = [
      await readyCart(siteId, nextCartNumber()),
      await readyCart(siteId, nextCartNumber()),
    ];
    const unlimited = await memberWithKey({ credits: -1 });
    expect((await unlockWith(free, unlimited.code)).statusCode).toBe(200);
    expect(await creditsOf(rt, unlimited.member.id)).toBe(-1);
    const none = await memberWithKey({ credits: 0 });
    const refused = await unlockWith(broke, none.code);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'insufficientCredits', message: 'Insufficient credits' });
    expect(await ridesOn(broke)).toHaveLength(0);
  });

  it('opens only the carts the key is for, and nothing with a disabled key', async () => {
    const number = nextCartNumber();
    const cart = await readyCart(siteId, number);
    const elsewhere = await memberWithKey({}, { allDevices: false, devices: ['9999'] });
    const refused = await unlockWith(cart, elsewhere.code);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'notAllowedForCart' });
    const disabled = await memberWithKey({}, { enabled: false, allDevices: false, devices: [number] });
    expect((await unlockWith(cart, disabled.code)).json()).toMatchObject({ code: 'keyDisabled' });
    expect(await ridesOn(cart)).toHaveLength(0);
    const mine = await memberWithKey({}, { allDevices: false, devices: [number] });
    expect((await unlockWith(cart, mine.code)).statusCode).toBe(200);
  });

  it("knows only the cart's own club's keys", async () => {
    const cart = await readyCart(siteId, nextCartNumber());
    const other = await memberWithKey({}, {}, otherSiteId);
    const refused = await unlockWith(cart, other.code);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'invalidCode' });
  });

  it('leaves a booked cart to a master key, which takes no credit', async () => {
    const cart = await readyCart(siteId, nextCartNumber());
    const now = Date.now();
    await rt.ctx.db.insert(bookings).values({
      siteId,
      deviceId: cart,
      start: new Date(now - 10 * 60_000),
      end: new Date(now + 60 * 60_000),
      blockedUntil: new Date(now + 60 * 60_000),
      name: 'Bea Booker',
      code: freshCode(),
    });
    rt.ctx.cartActivity.forget();
    const plain = await memberWithKey();
    const booked = await unlockWith(cart, plain.code);
    expect(booked.statusCode).toBe(409);
    expect(booked.json()).toMatchObject({ code: 'bookedWithoutMaster' });
    const master = await memberWithKey({ credits: 3 }, { master: true });
    expect((await unlockWith(cart, master.code)).statusCode).toBe(200);
    expect(await creditsOf(rt, master.member.id)).toBe(3);
  });

  it('opens a cart when the club is closed only with a master key', async () => {
    const superadmin = await loginAs(rt, 'superadmin@example.com');
    const closedSite = await createClub(rt, superadmin, false);
    await rt.ctx.db
      .update(sites)
      .set({ openingHours: Array.from({ length: 7 }, () => null) })
      .where(eq(sites.id, closedSite));
    const [a, b] = [await readyCart(closedSite, '1'), await readyCart(closedSite, '2')];
    const plain = await memberWithKey({}, {}, closedSite);
    expect((await unlockWith(a, plain.code)).json()).toMatchObject({ code: 'closedWithoutMaster' });
    const master = await memberWithKey({}, { master: true }, closedSite);
    expect((await unlockWith(b, master.code)).statusCode).toBe(200);
  });

  it('takes the last credit once when two carts are asked for at the same moment', async () => {
    const [a, b] = [await readyCart(siteId, nextCartNumber()), await readyCart(siteId, nextCartNumber())];
    const { member, code } = await memberWithKey({ credits: 1 });
    const answers = await Promise.all([unlockWith(a, code), unlockWith(b, code, '10.251.0.1')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 403]);
    expect(answers.find((res) => res.statusCode === 403)!.json()).toMatchObject({
      code: 'insufficientCredits',
    });
    expect(await creditsOf(rt, member.id)).toBe(0);
    expect([...(await ridesOn(a)), ...(await ridesOn(b))]).toHaveLength(1);
  });
});
