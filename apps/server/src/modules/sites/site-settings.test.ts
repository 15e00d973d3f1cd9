import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SiteView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, loginAs, startAsSuperadmin } from '../../../test/helpers';
import { eventually } from '../../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../../test/test-cart';
import { createClub, freshCode, insertCode, insertMember } from '../codes/codes.test-support';
import { devices, type DeviceRow } from '../../db/tables/devices';
import { sites } from '../../db/tables/sites';

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

const patch = (siteId: string, payload: unknown) =>
  rt.app.inject({
    method: 'PATCH',
    url: '/api/dashboard/sites',
    headers: asUser(superadmin, siteId),
    payload: payload as object,
  });
const siteOf = async (siteId: string) =>
  (
    await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(superadmin, siteId) })
  ).json<SiteView>();
const cartRow = async (deviceId: string) =>
  (await rt.ctx.db.select().from(devices).where(eq(devices.id, deviceId)))[0]!;

describe('device settings stay unpublished until published', () => {
  let siteId: string;
  let cart: TestCart;

  beforeAll(async () => {
    siteId = await createClub(rt, superadmin, false);
    cart = await startTestCart(rt, superadmin, siteId, { lock: 1, speed: 0 });
    carts.push(cart);
    await eventually(async () => cart.configs.length > 0);
  });

  it('saves without touching the carts and lists what they lack', async () => {
    const versionBefore = (await cartRow(cart.deviceId)).configVersion;
    const res = await patch(siteId, {
      updateData: { wifiEnabled: '1', wifiSSID: 'Clubhouse', wifiPassword: 'fore-1234', autoLock: '15' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SiteView>()).toMatchObject({
      wifiSSID: 'Clubhouse',
      autoLock: '15',
      unpublishedChanges: expect.arrayContaining(['wifiEnabled', 'wifiSSID', 'wifiPassword', 'autoLock']),
    });
    expect((await cartRow(cart.deviceId)).configVersion).toBe(versionBefore);
  });

  it('keeps unpublished settings out of a codes publish', async () => {
    const publish = await rt.app.inject({
      method: 'POST',
      url: '/api/dashboard/codes/publish',
      headers: asUser(superadmin, siteId),
    });
    expect(publish.statusCode).toBe(200);
    await eventually(
      async () => cart.configs.at(-1)!.version === (await cartRow(cart.deviceId)).configVersion,
    );
    expect(cart.configs.at(-1)!.settings).toMatchObject({ wifiEnabled: false, autoLockMinutes: 0 });
  });

  it("publishing puts them into every cart's config, marks 'ss' pending until the cart confirms", async () => {
    const seen: DeviceRow[] = [];
    const listener = (view: DeviceRow) => {
      if (view.id === cart.deviceId) seen.push(view);
    };
    rt.ctx.bus.on('device.updated', listener);
    const res = await patch(siteId, { updateData: {}, publish: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SiteView>().unpublishedChanges).toEqual([]);
    await eventually(async () => (await cartRow(cart.deviceId)).updates.length === 0);
    rt.ctx.bus.off('device.updated', listener);
    expect(seen.some((view) => view.updates.includes('ss'))).toBe(true);
    expect(cart.configs.at(-1)!.settings).toMatchObject({
      wifiEnabled: true,
      wifiSSID: 'Clubhouse',
      wifiPassword: 'fore-1234',
      autoLockMinutes: 15,
    });
    const row = await cartRow(cart.deviceId);
    expect(row.configAckedVersion).toBe(row.configVersion);
  });

  it('changing a setting back to what the carts run leaves nothing to publish', async () => {
    expect(
      (await patch(siteId, { updateData: { roundTimeout: 200 } })).json<SiteView>().unpublishedChanges,
    ).toEqual(['roundTimeout']);
    const back = await patch(siteId, { updateData: { roundTimeout: 0 } });
    expect(back.json<SiteView>().unpublishedChanges).toEqual([]);
  });

  it('opening hours and the booking offset apply at once, with nothing to publish', async () => {
    const hours = [null, ...Array.from({ length: 6 }, () => ({ openTime: '06:00', closeTime: '21:30' }))];
    const res = await patch(siteId, { updateData: { openingHours: hours, bookingOffset: 15 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SiteView>()).toMatchObject({
      openingHours: hours,
      bookingOffset: 15,
      unpublishedChanges: [],
    });
  });
});

describe('validation (spec §5), each refusal changing nothing', () => {
  let siteId: string;
  beforeAll(async () => {
    siteId = await createClub(rt, superadmin, false);
  });

  const refused = async (updateData: object, message: RegExp) => {
    const before = await siteOf(siteId);
    const res = await patch(siteId, { updateData });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect(await siteOf(siteId)).toEqual(before);
  };

  it('WiFi: at most 33 characters; SSID and password required while enabled', async () => {
    await refused({ wifiSSID: 'x'.repeat(34) }, /At most 33 characters/);
    await refused({ wifiPassword: 'x'.repeat(34) }, /At most 33 characters/);
    await refused(
      { wifiEnabled: '1', wifiSSID: '', wifiPassword: 'secret' },
      /wifiSSID: This field is required/,
    );
    await refused({ wifiEnabled: '1', wifiSSID: 'Pro shop', wifiPassword: '' }, /wifiPassword/);
    const ok = await patch(siteId, { updateData: { wifiSSID: 'x'.repeat(33) } });
    expect(ok.statusCode).toBe(200);
  });

  it('lock: auto-lock numeric minutes, round timeout a whole number, lock-from HH:mm', async () => {
    await refused({ autoLock: 'ten' }, /Numbers only/);
    await refused({ autoLock: '1441' }, /At most 1440/);
    await refused({ roundTimeout: -1 }, /negative/);
    await refused({ roundTimeout: 1.5 }, /Whole minutes/);
    await refused({ lockFrom: '25:00' }, /HH:mm/);
    const off = await patch(siteId, { updateData: { autoLock: '0', lockFrom: '00:00' } });
    expect(off.json<SiteView>()).toMatchObject({ autoLock: '0', lockFrom: '00:00' });
  });

  it('language is one of en, de, da, cs; the master code six digits', async () => {
    await refused({ lang: 'fr' }, /language/);
    await refused({ masterUnlock: '12345' }, /6 digits/);
    await refused({ masterUnlock: '12345a' }, /6 digits/);
  });

  it('opening hours: seven days, 5-minute steps, opening before closing; closing may be 24:00', async () => {
    const week = (day: object | null) => Array.from({ length: 7 }, () => day);
    await refused({ openingHours: week(null).slice(1) }, /Seven days/);
    await refused({ openingHours: week({ openTime: '06:03', closeTime: '20:00' }) }, /5-minute steps/);
    await refused({ openingHours: week({ openTime: '20:00', closeTime: '06:00' }) }, /before closing/);
    const late = await patch(siteId, {
      updateData: { openingHours: week({ openTime: '06:00', closeTime: '24:00' }) },
    });
    expect(late.statusCode, late.body).toBe(200);
  });

  it('booking offset: 0 to 120 in 5-minute steps', async () => {
    await refused({ bookingOffset: 121 }, /bookingOffset/);
    await refused({ bookingOffset: 7 }, /5-minute steps/);
    expect((await patch(siteId, { updateData: { bookingOffset: 120 } })).statusCode).toBe(200);
  });

  it('currency: an ISO 4217 code', async () => {
    await refused({ currency: 'XYZ' }, /ISO 4217/);
    await refused({ currency: 'gbp' }, /ISO 4217/);
  });
});

describe('master unlock code', () => {
  it("refuses a member's code with the spec's 409 and accepts a free one", async () => {
    const siteId = await createClub(rt, superadmin, false);
    const member = await insertMember(rt, siteId);
    const taken = freshCode();
    await insertCode(rt, { siteId, memberId: member.id, type: 'virtualKey', code: taken });
    const res = await patch(siteId, { updateData: { masterUnlock: taken } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Code already exists, please use a different code and try again.',
      code: 'codeTaken',
    });
    const free = freshCode();
    const ok = await patch(siteId, { updateData: { masterUnlock: free } });
    expect(ok.json<SiteView>()).toMatchObject({ masterUnlock: free, unpublishedChanges: ['masterUnlock'] });
  });
});

describe('currency change', () => {
  it('refuses a currency whose minimum is above a price, naming it; free prices do not count', async () => {
    const siteId = await createClub(rt, superadmin, false);
    const created = await rt.app.inject({
      method: 'POST',
      url: '/api/dashboard/services',
      headers: asUser(superadmin, siteId),
      payload: {
        name: '18 holes',
        duration: 240,
        prices: [
          { name: 'Guest', amount: 3000, userGroup: null },
          {
            name: 'Staff',
            amount: 0,
            userGroup: null,
            availableTimes: [{ day: 1, start: '06:00', end: '08:00' }],
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    // 30.00 is below DKK's minimum of 38 (so DKK is refused) and above EUR's 5.
    const dkk = await patch(siteId, { updateData: { currency: 'DKK' } });
    expect(dkk.statusCode).toBe(400);
    expect(dkk.json()).toEqual({
      message: expect.stringMatching(/below the minimum of 38\.00 DKK: 18 holes – Guest$/),
      code: 'pricesBelowMinimum',
    });
    expect((await siteOf(siteId)).currency).toBe('GBP');
    const eur = await patch(siteId, { updateData: { currency: 'EUR' } });
    expect(eur.statusCode).toBe(200);
    expect(eur.json<SiteView>().currency).toBe('EUR');
  });
});

describe('public profile', () => {
  it("merges the summary, adds 'https://' to a website without a scheme, and requires a display name", async () => {
    const siteId = await createClub(rt, superadmin, false);
    const res = await patch(siteId, {
      updateData: {
        publicProfile: { name: ' Old Course ', website: 'standrews.com', address: { city: 'St Andrews' } },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SiteView>().publicProfile).toMatchObject({
      name: 'Old Course',
      website: 'https://standrews.com',
      address: { city: 'St Andrews', street: '' },
      active: false,
    });
    const more = await patch(siteId, {
      updateData: { publicProfile: { address: { postcode: 'KY16 9SF' } } },
    });
    expect(more.json<SiteView>().publicProfile.address).toMatchObject({
      city: 'St Andrews',
      postcode: 'KY16 9SF',
    });
    expect((await patch(siteId, { updateData: { publicProfile: { name: '  ' } } })).statusCode).toBe(400);
    expect(
      (await patch(siteId, { updateData: { publicProfile: { website: 'not a url' } } })).statusCode,
    ).toBe(400);
  });

  it('enables the booking app only once payments are active', async () => {
    const siteId = await createClub(rt, superadmin, false);
    const refused = await patch(siteId, { updateData: { publicProfile: { active: true } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'paymentsNotActive' });
    await rt.ctx.db.update(sites).set({ stripeAccountActive: true }).where(eq(sites.id, siteId));
    const ok = await patch(siteId, { updateData: { publicProfile: { active: true } } });
    expect(ok.json<SiteView>().publicProfile.active).toBe(true);
  });
});

describe('roles', () => {
  it('an operator below admin may read but not change site settings', async () => {
    const staff = await loginAs(rt, 'staff@example.com');
    const sitesOfStaff = (
      await rt.app.inject({ url: '/api/dashboard/sites/list', headers: asUser(staff) })
    ).json<SiteView[]>();
    const siteId = sitesOfStaff[0]!._id;
    expect(
      (await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(staff, siteId) })).statusCode,
    ).toBe(200);
    const res = await rt.app.inject({
      method: 'PATCH',
      url: '/api/dashboard/sites',
      headers: asUser(staff, siteId),
      payload: { updateData: {}, publish: true },
    });
    expect(res.statusCode).toBe(403);
  });
});
