import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { AdminBulkResult, AdminDevicePage, AdminDeviceView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
import { activity } from '../../db/tables/activity';
import { bookings } from '../../db/tables/bookings';
import { deviceConfigs } from '../../db/tables/device-configs';
import { devices, positions, type DeviceRow } from '../../db/tables/devices';
import { rides } from '../../db/tables/rides';
import { sites } from '../../db/tables/sites';
import { hashToken, randomToken } from '../../lib/tokens';

/**
 * The Device Manager's API (issue 20): paged list, find, CSV export and the bulk actions, against a real
 * database. Each test makes its own club and trackers, so other files' carts never match.
 */
let rt: Runtime;
let superadmin: string;
let admin: string;
let staff: string;
let stagingId: string;

beforeAll(async () => {
  rt = await startTestServer();
  [superadmin, admin, staff] = (await Promise.all(
    ['superadmin@example.com', 'admin@example.com', 'staff@example.com'].map((email) => loginAs(rt, email)),
  )) as [string, string, string];
  ({ staging: stagingId } = await demoSiteIds(rt));
});
afterAll(() => rt.stop());

const db = () => rt.ctx.db;

async function club(name = `H4 Club ${randomUUID().slice(0, 8)}`): Promise<{ id: string; name: string }> {
  const [site] = await db()
    .insert(sites)
    .values({
      name,
      country: 'Denmark',
      currency: 'DKK',
      centerLatLong: '55.676100, 12.568300',
      timezone: 'Europe/Copenhagen',
      openingHours: Array.from({ length: 7 }, () => null),
    })
    .returning();
  return { id: site!.id, name: site!.name };
}

async function trackers(
  siteId: string,
  values: Array<Partial<typeof devices.$inferInsert>>,
): Promise<DeviceRow[]> {
  return db()
    .insert(devices)
    .values(
      values.map((value) => ({
        serial: `H4-${randomUUID()}`,
        secretHash: hashToken(randomToken()),
        siteId,
        ...value,
      })),
    )
    .returning();
}

const row = async (id: string) => (await db().select().from(devices).where(eq(devices.id, id)))[0];

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  token = superadmin,
) =>
  rt.app.inject({
    method,
    url: `/api/admin/devices${url}`,
    headers: asUser(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const list = async (query: string) => {
  const res = await call('GET', `?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminDevicePage>();
};

async function openRide(device: DeviceRow) {
  await db().insert(rides).values({
    siteId: device.siteId,
    deviceId: device.id,
    carNumber: device.carNumber,
    type: 'manual',
    status: 'active',
    start: new Date(),
  });
}

async function bookingToCome(device: DeviceRow) {
  const start = new Date(Date.now() + 86_400_000);
  const end = new Date(start.getTime() + 3_600_000);
  await db()
    .insert(bookings)
    .values({ siteId: device.siteId, deviceId: device.id, start, end, blockedUntil: end, name: 'Guest' });
}

describe('GET /api/admin/devices', () => {
  it('pages, sorts and counts per site in SQL', async () => {
    const site = await club();
    const other = await club();
    const tag = randomUUID().slice(0, 8);
    await trackers(site.id, [
      ...Array.from({ length: 23 }, (_, i) => ({
        carNumber: String(i + 1),
        carName: `${tag} cart`,
        uptime: (i * 7) % 23,
      })),
    ]);
    await trackers(other.id, [
      { carNumber: null, carName: `${tag} spare` },
      { carNumber: '5', carName: `${tag} other` },
    ]);

    const first = await list(`q=${tag}&pageSize=20&sort=carNumber`);
    expect(first.pagination).toMatchObject({ totalItems: 25, totalPages: 2, currentPage: 1, nextPage: 2 });
    expect(first.data).toHaveLength(20);
    // Numbers sort as numbers; the site's 1–23 and the other club's 5 interleave.
    expect(first.data.slice(0, 6).map((d) => d.carNumber)).toEqual(['1', '2', '3', '4', '5', '5']);
    const second = await list(`q=${tag}&pageSize=20&sort=carNumber&page=2`);
    expect(second.data.map((d) => d.carNumber)).toEqual(['20', '21', '22', '23', null]);
    expect(second.pagination).toMatchObject({ nextPage: null, prevPage: 1 });
    // No tracker is on both pages.
    const ids = new Set([...first.data, ...second.data].map((d) => d._id));
    expect(ids.size).toBe(25);

    const desc = await list(`q=${tag}&pageSize=all&sort=carNumber&dir=desc`);
    expect(desc.data.map((d) => d.carNumber).slice(0, 2)).toEqual(['23', '22']);
    expect(desc.data.at(-1)?.carNumber).toBeNull();
    expect(desc.pagination).toMatchObject({ totalPages: 1, itemsPerPage: 25 });

    const byUptime = await list(`q=${tag}&pageSize=all&sort=uptime&dir=desc&siteId=${site.id}`);
    const uptimes = byUptime.data.map((d) => d.uptime!);
    expect(uptimes).toEqual([...uptimes].sort((a, b) => b - a));
    expect(byUptime.data.every((d) => d.siteID === site.id && d.siteName === site.name)).toBe(true);

    expect(first.sites).toEqual(
      [
        { _id: site.id, name: site.name, count: 23 },
        { _id: other.id, name: other.name, count: 2 },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('searches serials without dashes, spaces, underscores or case, and car name, number, CCID, site', async () => {
    const site = await club(`H4 Searchable ${randomUUID().slice(0, 6)}`);
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const [messy, withCcid] = await trackers(site.id, [
      { serial: `FW-${tag}_00-12`, carNumber: '7', carName: 'Blue' },
      { serial: `FW-${tag}-99`, gprsCcid: `8945${tag}0001`, gprsCarrier: 'Telia' },
    ]);
    const serialHit = await list(`q=${encodeURIComponent(` fw ${tag.toLowerCase()}0012`)}`);
    expect(serialHit.data.map((d) => d._id)).toEqual([messy!.id]);
    const ccidHit = await list(`q=${tag}0001`);
    expect(ccidHit.data.map((d) => d._id)).toEqual([withCcid!.id]);
    expect(ccidHit.data[0]).toMatchObject({ gprsCcid: `8945${tag}0001`, gprsCarrier: 'Telia' });
    const siteHit = await list(`q=${encodeURIComponent(site.name.toLowerCase())}`);
    expect(siteHit.pagination.totalItems).toBe(2);
    const nameHit = await list(`q=blue&siteId=${site.id}`);
    expect(nameHit.data.map((d) => d._id)).toEqual([messy!.id]);
    // LIKE wildcards are plain characters.
    expect((await list(`q=${encodeURIComponent('%')}&siteId=${site.id}`)).pagination.totalItems).toBe(0);
  });

  it('shows the admin fields of a tracker', async () => {
    const site = await club();
    const [device] = await trackers(site.id, [
      { firmware: '2.1.0', firmwareStatus: 2, firmwareTarget: '2.2.0', simEndpointId: 'ep-1', uptime: 3600 },
    ]);
    const page = await list(`siteId=${site.id}`);
    expect(page.data[0]).toMatchObject<Partial<AdminDeviceView>>({
      _id: device!.id,
      serial: device!.serial,
      siteName: site.name,
      firmware: '2.1.0',
      firmwareStatus: 2,
      firmwareTarget: '2.2.0',
      simEndpointId: 'ep-1',
      batteryCalibration: 75,
      uptime: 3600,
      onlineStatus: false,
    });
  });

  it('refuses a bad page size, sort or site id with 400', async () => {
    for (const query of ['pageSize=30', 'sort=secret', 'dir=up', 'siteId=nope', 'page=0']) {
      const res = await call('GET', `?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/admin/devices/find', () => {
  it('finds a serial typed with other dashes, spaces and case, and says when there is none', async () => {
    const site = await club();
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const [device] = await trackers(site.id, [{ serial: `AB-${tag}_77` }]);
    await trackers(site.id, [{ serial: `AB-${tag}_770` }]);
    const res = await call('GET', `/find?serial=${encodeURIComponent(` ab ${tag.toLowerCase()}-7-7 `)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminDeviceView[]>().map((d) => d._id)).toEqual([device!.id]);

    const none = await call('GET', `/find?serial=NOPE-${tag}`);
    expect(none.statusCode).toBe(404);
    expect(none.json<{ message: string }>().message).toBe('No devices found');
    expect((await call('GET', '/find?serial=')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/devices/export', () => {
  it('answers every matching tracker as CSV with plain numbers and ISO times', async () => {
    const site = await club();
    const tag = randomUUID().slice(0, 8);
    const seen = new Date('2026-11-20T08:30:00.000Z');
    await trackers(site.id, [
      { carNumber: '3', carName: `${tag}, "quoted"`, uptime: 86_400, battVoltage: 12.5, lastReportAt: seen },
      ...Array.from({ length: 24 }, (_, i) => ({ carNumber: String(i + 10), carName: tag })),
    ]);
    const res = await call('GET', `/export?q=${tag}&sort=carNumber`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="devices-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(26); // header + all 25, not one page of 20
    const header = lines[0]!.split(',');
    const first = lines[1]!;
    expect(header.slice(0, 4)).toEqual(['Device ID', 'Car', 'Car Name', 'Site']);
    expect(first).toContain(`,3,"${tag}, ""quoted""",`);
    expect(first).toContain(',86400,');
    expect(first).toContain(',12.5,');
    expect(first).toContain(',2026-11-20T08:30:00.000Z,');
  });
});

describe('who may use the Device Manager', () => {
  const routes: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown]> = [
    ['GET', '', undefined],
    ['GET', '/find?serial=x', undefined],
    ['GET', '/export', undefined],
    ['PATCH', '/server', { ids: [randomUUID()], server: 'beta' }],
    ['POST', '/calibrate-battery', { ids: [randomUUID()], value: 50 }],
    ['DELETE', '', { ids: [randomUUID()] }],
    ['POST', '/replace', { oldDeviceId: randomUUID(), newDeviceId: randomUUID(), siteId: randomUUID() }],
  ];

  it('is for superadmins: admins and staff get 403, no token 401', async () => {
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, payload, admin)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, payload, staff)).statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await rt.app.inject({
        method,
        url: `/api/admin/devices${url}`,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('bulk settings', () => {
  it('sets vehicle settings and hardware info, naming the trackers it did not find', async () => {
    const site = await club();
    const [a, b] = await trackers(site.id, [{ carNumber: '1' }, { carNumber: '2' }]);
    const missing = randomUUID();
    const vehicle = { cart: { model: 'Precedent', brand: 'Club Car' }, power: 'Li-Ion', notes: '' };
    const res = await call('PATCH', '/vehicle-settings', {
      ids: [a!.id, b!.id, missing],
      vehicleInfo: vehicle,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AdminBulkResult>();
    expect(body.done).toBe(2);
    expect(body.ids.sort()).toEqual([a!.id, b!.id].sort());
    expect(body.skipped).toEqual([
      { id: missing, carNumber: null, reason: 'notFound', message: 'Device not found' },
    ]);
    expect((await row(a!.id))!.vehicleInfo).toEqual(vehicle);

    const hardware = {
      pcb: { rev: 'v4.1', connector: '' },
      modem: 'SIM7600',
      externalAntenna: true,
      notes: '',
    };
    const hw = await call('PATCH', '/hardware-info', { ids: [b!.id], hardwareInfo: hardware });
    expect(hw.json<AdminBulkResult>().done).toBe(1);
    expect((await row(b!.id))!.hardwareInfo).toEqual(hardware);
  });

  it('refuses vehicle settings without a power type and hardware info without a modem, changing nothing', async () => {
    const site = await club();
    const [a] = await trackers(site.id, [{}]);
    const noPower = await call('PATCH', '/vehicle-settings', {
      ids: [a!.id],
      vehicleInfo: { cart: { model: 'Precedent' } },
    });
    expect(noPower.statusCode).toBe(400);
    expect(noPower.json<{ message: string }>().message).toMatch(/power/);
    const noModem = await call('PATCH', '/hardware-info', {
      ids: [a!.id],
      hardwareInfo: { pcb: { rev: 'v4.1' } },
    });
    expect(noModem.statusCode).toBe(400);
    expect(noModem.json<{ message: string }>().message).toMatch(/modem/);
    expect((await call('PATCH', '/vehicle-settings', { ids: [], vehicleInfo: {} })).statusCode).toBe(400);
    const after = (await row(a!.id))!;
    expect([after.vehicleInfo, after.hardwareInfo]).toEqual([null, null]);
  });

  it('transfers trackers to the beta server and publishes it in their config', async () => {
    const site = await club();
    const [a] = await trackers(site.id, [{}]);
    const res = await call('PATCH', '/server', { ids: [a!.id], server: 'beta' });
    expect(res.json<AdminBulkResult>().done).toBe(1);
    const stored = (await row(a!.id))!;
    expect(stored.server).toBe('beta');
    expect(stored.updates).toContain('ds');
    const [config] = await db().select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, a!.id));
    expect(config!.payload.settings.server).toBe('beta');
    expect((await call('PATCH', '/server', { ids: [a!.id], server: 'staging' })).statusCode).toBe(400);
    expect((await row(a!.id))!.server).toBe('beta');
  });

  it('calibrates the battery to two decimals, publishes it, and refuses values outside 3–77.99', async () => {
    const site = await club();
    const [a] = await trackers(site.id, [{}]);
    const res = await call('POST', '/calibrate-battery', { ids: [a!.id], value: 50.456 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(a!.id))!.batteryCalibration).toBeCloseTo(50.46, 5);
    const [config] = await db().select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, a!.id));
    expect(config!.payload.settings.batteryCalibration).toBeCloseTo(50.46, 5);

    for (const value of [2.99, 78, '50', null]) {
      const bad = await call('POST', '/calibrate-battery', { ids: [a!.id], value });
      expect(bad.statusCode, String(value)).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/Battery calibration|value/);
    }
    expect((await row(a!.id))!.batteryCalibration).toBeCloseTo(50.46, 5);
    await call('POST', '/calibrate-battery', { ids: [a!.id], value: 75 });
    expect((await row(a!.id))!.batteryCalibration).toBe(75);
  });

  it('publishes site or device settings to the chosen trackers only', async () => {
    const site = await club();
    const [a, b] = await trackers(site.id, [{}, {}]);
    const res = await call('POST', '/publish', { ids: [a!.id], what: 'site' });
    expect(res.json<AdminBulkResult>().done).toBe(1);
    expect((await row(a!.id))!).toMatchObject({ configVersion: 1, updates: ['ss'] });
    expect((await row(b!.id))!.configVersion).toBe(0);
    await call('POST', '/publish', { ids: [a!.id], what: 'device' });
    expect((await row(a!.id))!).toMatchObject({ configVersion: 2, updates: ['ds', 'ss'] });
    expect((await call('POST', '/publish', { ids: [a!.id], what: 'zones' })).statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/devices/site', () => {
  it('moves free trackers and keeps those in a ride, with bookings to come, or whose number is taken', async () => {
    const from = await club();
    const to = await club();
    await trackers(to.id, [{ carNumber: '4' }]);
    const [free, riding, booked, clash] = await trackers(from.id, [
      { carNumber: '1' },
      { carNumber: '2' },
      { carNumber: '3' },
      { carNumber: '4' },
    ]);
    await openRide(riding!);
    await bookingToCome(booked!);
    const res = await call('PATCH', '/site', {
      ids: [free!.id, riding!.id, booked!.id, clash!.id],
      siteId: to.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AdminBulkResult>();
    expect(body.ids).toEqual([free!.id]);
    expect(body.skipped.map(({ id, reason }) => [id, reason])).toEqual([
      [riding!.id, 'openRide'],
      [booked!.id, 'futureBookings'],
      [clash!.id, 'carNumberTaken'],
    ]);
    expect(body.skipped[0]!.message).toBe('Car 2 is in a ride');
    expect((await row(free!.id))!.siteId).toBe(to.id);
    expect((await row(free!.id))!.updates).toContain('ss');
    for (const kept of [riding, booked, clash]) expect((await row(kept!.id))!.siteId).toBe(from.id);

    const unknownSite = await call('PATCH', '/site', { ids: [riding!.id], siteId: randomUUID() });
    expect(unknownSite.statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/devices', () => {
  it('deletes free trackers with their positions, and keeps a cart in a ride or with bookings', async () => {
    const site = await club();
    const [free, riding, booked] = await trackers(site.id, [
      { carNumber: '1' },
      { carNumber: '2' },
      { carNumber: '3' },
    ]);
    await db().insert(positions).values({ deviceId: free!.id, ts: new Date(), lat: 55, lng: 12, speed: 0 });
    await openRide(riding!);
    await bookingToCome(booked!);
    const res = await call('DELETE', '', { ids: [free!.id, riding!.id, booked!.id] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AdminBulkResult>();
    expect(body).toMatchObject({ done: 1, ids: [free!.id] });
    expect(body.skipped.map((s) => s.reason)).toEqual(['openRide', 'futureBookings']);
    expect(await row(free!.id)).toBeUndefined();
    expect(await db().select().from(positions).where(eq(positions.deviceId, free!.id))).toEqual([]);
    expect(await row(riding!.id)).toBeDefined();
    expect(await row(booked!.id)).toBeDefined();
    expect((await call('DELETE', '', { ids: [] })).statusCode).toBe(400);
    expect((await call('DELETE', '', { ids: ['not-an-id'] })).statusCode).toBe(400);
  });
});

describe('POST /api/admin/devices/replace', () => {
  it('hands the car, its settings and its history to the new tracker and sends the old one to staging', async () => {
    const site = await club();
    const [old] = await trackers(site.id, [
      {
        carNumber: '12',
        carName: 'Twelve',
        carIcon: 'star',
        carNote: 'dent left',
        lockCode: '123456',
        vehicleInfo: { cart: { model: 'Onward', brand: '' }, power: 'AGM', notes: '' },
        hardwareInfo: {
          pcb: { rev: 'v3.0', connector: '' },
          modem: 'SIM7000',
          externalAntenna: false,
          notes: '',
        },
        key: '1',
        server: 'beta',
        batteryCalibration: 60,
        odometer: 100,
        odometerOffset: 20,
      },
    ]);
    const [fresh] = await trackers(stagingId, [{ odometer: 5 }]);
    const start = new Date(Date.now() - 7_200_000);
    await db()
      .insert(rides)
      .values({
        siteId: site.id,
        deviceId: old!.id,
        carNumber: '12',
        type: 'manual',
        status: 'ended',
        start,
        end: new Date(start.getTime() + 3_600_000),
      });
    await bookingToCome(old!);
    await db().insert(positions).values({ deviceId: old!.id, ts: start, lat: 55, lng: 12, speed: 3 });
    await db().insert(activity).values({ deviceId: old!.id, siteId: site.id, type: 'note', message: 'x' });

    const res = await call('POST', '/replace', {
      oldDeviceId: old!.id,
      newDeviceId: fresh!.id,
      siteId: site.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { device, old: previous } = res.json<{ device: AdminDeviceView; old: AdminDeviceView }>();
    expect(device).toMatchObject({
      _id: fresh!.id,
      siteID: site.id,
      carNumber: '12',
      carName: 'Twelve',
      carIcon: 'star',
      carNote: 'dent left',
      lockCode: '123456',
      key: '1',
      server: 'beta',
      batteryCalibration: 60,
      vehicleInfo: old!.vehicleInfo,
      hardwareInfo: old!.hardwareInfo,
      // The car's odometer reads on: 100 + 20 on the old tracker = 5 + 115 on the new.
      carOdometer: 120,
    });
    expect(previous).toMatchObject({
      _id: old!.id,
      siteID: stagingId,
      carNumber: null,
      carName: '',
      lockCode: null,
    });

    const movedTo = async (table: typeof rides | typeof bookings | typeof positions | typeof activity) =>
      (
        await db()
          .select({ deviceId: table.deviceId })
          .from(table)
          .where(inArray(table.deviceId, [old!.id, fresh!.id]))
      ).map((r) => r.deviceId);
    for (const table of [rides, bookings, positions, activity])
      expect(await movedTo(table)).toEqual([fresh!.id]);
    // Both trackers get their new config.
    expect((await row(fresh!.id))!.updates).toEqual(['code', 'ds', 'ss']);
    expect((await row(old!.id))!.configVersion).toBe(1);
  });

  it('refuses the same tracker twice, missing fields, a tracker that is a car, and a car in a ride', async () => {
    const site = await club();
    const [old, otherCar] = await trackers(site.id, [{ carNumber: '1' }, { carNumber: '2' }]);
    const [fresh] = await trackers(stagingId, [{}]);
    const replace = (body: Record<string, unknown>) => call('POST', '/replace', body);

    const same = await replace({ oldDeviceId: old!.id, newDeviceId: old!.id, siteId: site.id });
    expect(same.statusCode).toBe(400);
    expect(same.json<{ message: string }>().message).toMatch('Old and new device cannot be the same');
    const missing = await replace({ oldDeviceId: old!.id, newDeviceId: '', siteId: site.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch('Please fill in all fields');
    const taken = await replace({ oldDeviceId: old!.id, newDeviceId: otherCar!.id, siteId: site.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toMatch(/already car 2/);
    const wrongSite = await replace({ oldDeviceId: old!.id, newDeviceId: fresh!.id, siteId: stagingId });
    expect(wrongSite.statusCode).toBe(400);
    const unknown = await replace({ oldDeviceId: old!.id, newDeviceId: randomUUID(), siteId: site.id });
    expect(unknown.statusCode).toBe(404);
    await openRide(old!);
    const riding = await replace({ oldDeviceId: old!.id, newDeviceId: fresh!.id, siteId: site.id });
    expect(riding.statusCode).toBe(409);
    expect(riding.json<{ message: string }>().message).toMatch(/Car 1 is in a ride/);

    // Nothing changed.
    expect((await row(old!.id))!).toMatchObject({ carNumber: '1', siteId: site.id });
    expect((await row(otherCar!.id))!).toMatchObject({ carNumber: '2', siteId: site.id });
    expect((await row(fresh!.id))!).toMatchObject({ carNumber: null, siteId: stagingId });
  });
});
