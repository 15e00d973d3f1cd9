import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CartView, EventMessage, SiteView, ZoneAlert, ZoneView } from '@fairway/domain';
import { DomainEventBus } from '../../lib/events';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
import { activity } from '../../db/tables/activity';
import { createUser, TEST_PASSWORD } from '../users/users.test-support';
import { DevicesRepository } from '../devices/devices.repository';
import { ZoneActivityRepository } from './zone-activity.repository';
import { ZoneAlerts } from './zone-alerts';
import { ZonesRepository } from './zones.repository';

let rt: Runtime;
let admin: string;
let staff: string;
let superadmin: string;
/** A role-user account on the demo club (the demo's own role-user account belongs to the second club). */
let operator: string;
let demoId: string;
let secondId: string;

beforeAll(async () => {
  rt = await startTestServer();
  [admin, staff, superadmin] = (await Promise.all(
    ['admin@example.com', 'staff@example.com', 'superadmin@example.com'].map((email) => loginAs(rt, email)),
  )) as [string, string, string];
  ({ demo: demoId, second: secondId } = await demoSiteIds(rt));
  const user = await createUser(rt, { role: 'user', sites: [demoId] });
  operator = await loginAs(rt, user.email, TEST_PASSWORD);
});
afterAll(() => rt.stop());

type Ring = Array<[number, number]>;

/** A closed square ring of `side` metres with its south-west corner `east` metres east of the demo's area. */
function square(side: number, east = 0): Ring {
  const lat = 56.34;
  const lng = -2.8 + east / 61_700;
  const dLat = side / 111_195;
  const dLng = side / 61_700;
  return [
    [lng, lat],
    [lng + dLng, lat],
    [lng + dLng, lat + dLat],
    [lng, lat + dLat],
    [lng, lat],
  ];
}
const polygon = (ring: Ring) => ({ type: 'Polygon' as const, coordinates: [ring] });
const zoneBody = (type: string, ring: Ring = square(50), color?: string) => ({
  geometry: polygon(ring),
  properties: { type, ...(color ? { color } : {}) },
});

const list = async (token: string, siteId: string) =>
  (await rt.app.inject({ url: '/api/dashboard/zones', headers: asUser(token, siteId) })).json<ZoneView[]>();
const create = (token: string, siteId: string, body: object) =>
  rt.app.inject({
    method: 'POST',
    url: '/api/dashboard/zones',
    headers: asUser(token, siteId),
    payload: body,
  });
const patch = (token: string, siteId: string, id: string, body: object) =>
  rt.app.inject({
    method: 'PATCH',
    url: `/api/dashboard/zones/${id}`,
    headers: asUser(token, siteId),
    payload: body,
  });
const remove = (token: string, siteId: string, id: string) =>
  rt.app.inject({ method: 'DELETE', url: `/api/dashboard/zones/${id}`, headers: asUser(token, siteId) });
const createdZone = async (token: string, siteId: string, body: object): Promise<ZoneView> => {
  const res = await create(token, siteId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ZoneView>();
};

/** The next 'zones.updated' the bus emits for `siteId`. */
const nextZonesUpdate = (siteId: string) =>
  new Promise<ZoneView[]>((resolve) => {
    const listener = (site: string, zones: ZoneView[]) => {
      if (site !== siteId) return;
      rt.ctx.bus.off('zones.updated', listener);
      resolve(zones);
    };
    rt.ctx.bus.on('zones.updated', listener);
  });

describe('GET /api/dashboard/zones', () => {
  it("lists the site's zones for role basic and up, never another site's", async () => {
    const mine = await createdZone(admin, demoId, zoneBody('parking'));
    const theirs = await createdZone(superadmin, secondId, zoneBody('parking'));
    const res = await rt.app.inject({ url: '/api/dashboard/zones', headers: asUser(staff, demoId) });
    expect(res.statusCode).toBe(200);
    const ids = res.json<ZoneView[]>().map((zone) => zone._id);
    expect(ids).toContain(mine._id);
    expect(ids).not.toContain(theirs._id);
  });

  it('refuses a site the user does not hold', async () => {
    const res = await rt.app.inject({ url: '/api/dashboard/zones', headers: asUser(staff, secondId) });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/dashboard/zones', () => {
  it('creates a GeoJSON feature with the type colour, rounded to 6 decimals, and tells the browsers', async () => {
    const ring = square(80).map(([lng, lat]): [number, number] => [lng + 1e-9, lat]);
    const announced = nextZonesUpdate(demoId);
    const zone = await createdZone(operator, demoId, zoneBody('restriction', ring));
    expect(zone).toMatchObject({
      siteId: demoId,
      type: 'Feature',
      properties: { type: 'restriction', color: '#e53935' },
    });
    for (const [lng, lat] of zone.geometry.coordinates[0]!) {
      expect(Number(lng.toFixed(6))).toBe(lng);
      expect(Number(lat.toFixed(6))).toBe(lat);
    }
    const zones = await announced;
    expect(zones.map((z) => z._id)).toContain(zone._id);
    expect(zones.every((z) => z.siteId === demoId)).toBe(true);
  });

  it('keeps a colour the operator chose', async () => {
    const zone = await createdZone(operator, demoId, zoneBody('parking', square(40), '#00ff00'));
    expect(zone.properties.color).toBe('#00ff00');
  });

  it('is refused to role basic', async () => {
    const res = await create(staff, demoId, zoneBody('parking'));
    expect(res.statusCode).toBe(403);
  });

  it('allows geofences to admins only', async () => {
    const refused = await create(operator, demoId, zoneBody('geofence', square(2_000)));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/geofence/);
    const fence = await createdZone(admin, demoId, zoneBody('geofence', square(2_000)));
    expect(fence.properties).toEqual({ type: 'geofence', color: '#1e88e5' });
  });

  it.each([
    ['an open ring', square(50).slice(0, -1), /not closed/],
    [
      'a bow-tie',
      [square(50)[0]!, square(50)[2]!, square(50)[1]!, square(50)[3]!, square(50)[0]!] as Ring,
      /crosses/,
    ],
    ['a ring smaller than 20 m²', square(3), /smaller than 20 m²/],
    ['a ring larger than 20 km²', square(5_000), /larger than 20 km²/],
  ])('refuses %s with 400 naming the problem and changes nothing', async (_name, ring, message) => {
    const before = await list(admin, demoId);
    const announced = vi.fn();
    rt.ctx.bus.on('zones.updated', announced);
    const res = await create(admin, demoId, zoneBody('parking', ring));
    rt.ctx.bus.off('zones.updated', announced);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^geometry: /);
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect(await list(admin, demoId)).toEqual(before);
    expect(announced).not.toHaveBeenCalled();
  });

  it('refuses what is not a polygon feature or has an unknown type', async () => {
    const point = await create(admin, demoId, {
      geometry: { type: 'Point', coordinates: [-2.8, 56.34] },
      properties: { type: 'parking' },
    });
    expect(point.statusCode).toBe(400);
    expect(point.json<{ message: string }>().message).toMatch(/geometry/);
    const unknownType = await create(admin, demoId, zoneBody('bunker'));
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json<{ message: string }>().message).toMatch(/properties\.type/);
  });
});

describe('PATCH /api/dashboard/zones/:id', () => {
  it('changes the outline; a changed type takes its colour when the zone had the default one', async () => {
    const zone = await createdZone(operator, demoId, zoneBody('restriction'));
    const announced = nextZonesUpdate(demoId);
    const res = await patch(operator, demoId, zone._id, {
      geometry: polygon(square(60, 100)),
      properties: { type: 'parking' },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json<ZoneView>();
    expect(updated.properties).toEqual({ type: 'parking', color: '#8e24aa' });
    expect(updated.geometry.coordinates[0]![1]![0]).toBeCloseTo(square(60, 100)[1]![0], 6);
    expect((await announced).find((z) => z._id === zone._id)?.properties.type).toBe('parking');

    const custom = await createdZone(operator, demoId, zoneBody('restriction', square(50), '#123456'));
    const retyped = await patch(operator, demoId, custom._id, { properties: { type: 'parking' } });
    expect(retyped.json<ZoneView>().properties).toEqual({ type: 'parking', color: '#123456' });
  });

  it('refuses an invalid outline and leaves the zone as it was', async () => {
    const zone = await createdZone(operator, demoId, zoneBody('parking'));
    const res = await patch(operator, demoId, zone._id, { geometry: polygon(square(50).slice(0, -1)) });
    expect(res.statusCode).toBe(400);
    expect((await list(operator, demoId)).find((z) => z._id === zone._id)).toEqual(zone);
  });

  it('refuses an empty change', async () => {
    const zone = await createdZone(operator, demoId, zoneBody('parking'));
    expect((await patch(operator, demoId, zone._id, {})).statusCode).toBe(400);
  });

  it('keeps geofences for admins: no turning a zone into one, no editing one', async () => {
    const parking = await createdZone(operator, demoId, zoneBody('parking'));
    expect(
      (await patch(operator, demoId, parking._id, { properties: { type: 'geofence' } })).statusCode,
    ).toBe(403);
    const fence = await createdZone(admin, demoId, zoneBody('geofence', square(2_000)));
    expect((await patch(operator, demoId, fence._id, { geometry: polygon(square(1_900)) })).statusCode).toBe(
      403,
    );
    expect((await patch(operator, demoId, fence._id, { properties: { type: 'parking' } })).statusCode).toBe(
      403,
    );
    expect((await patch(admin, demoId, fence._id, { geometry: polygon(square(1_900)) })).statusCode).toBe(
      200,
    );
  });

  it("answers 404 for another site's zone and leaves it alone", async () => {
    const theirs = await createdZone(superadmin, secondId, zoneBody('parking'));
    const res = await patch(admin, demoId, theirs._id, { properties: { type: 'restriction' } });
    expect(res.statusCode).toBe(404);
    expect((await list(superadmin, secondId)).find((z) => z._id === theirs._id)).toEqual(theirs);
  });

  it('is refused to role basic', async () => {
    const zone = await createdZone(operator, demoId, zoneBody('parking'));
    expect((await patch(staff, demoId, zone._id, { properties: { type: 'restriction' } })).statusCode).toBe(
      403,
    );
  });
});

describe('DELETE /api/dashboard/zones/:id', () => {
  it('deletes and tells the browsers; a second delete is 404', async () => {
    const zone = await createdZone(operator, demoId, zoneBody('parking'));
    const announced = nextZonesUpdate(demoId);
    expect((await remove(operator, demoId, zone._id)).statusCode).toBe(204);
    expect((await announced).map((z) => z._id)).not.toContain(zone._id);
    expect((await remove(operator, demoId, zone._id)).statusCode).toBe(404);
  });

  it("refuses role basic, a geofence below admin, and another site's zone", async () => {
    const zone = await createdZone(operator, demoId, zoneBody('parking'));
    expect((await remove(staff, demoId, zone._id)).statusCode).toBe(403);
    const fence = await createdZone(admin, demoId, zoneBody('geofence', square(2_000)));
    expect((await remove(operator, demoId, fence._id)).statusCode).toBe(403);
    expect((await remove(admin, demoId, fence._id)).statusCode).toBe(204);
    const theirs = await createdZone(superadmin, secondId, zoneBody('parking'));
    expect((await remove(admin, demoId, theirs._id)).statusCode).toBe(404);
    expect((await list(superadmin, secondId)).map((z) => z._id)).toContain(theirs._id);
  });
});

describe('POST /api/dashboard/zones/publish', () => {
  const publish = (token: string, siteId: string) =>
    rt.app.inject({ method: 'POST', url: '/api/dashboard/zones/publish', headers: asUser(token, siteId) });

  it("puts the site's zones into its carts' configs ('ss')", async () => {
    // Stubbed here: a real publish would mark every demo cart as pending for the other test files.
    const spy = vi.spyOn(rt.ctx.deviceConfig, 'publishSite').mockResolvedValue({ devices: 7 });
    try {
      const res = await publish(operator, demoId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ devices: 7 });
      expect(spy).toHaveBeenCalledWith(demoId, ['ss']);
    } finally {
      spy.mockRestore();
    }
  });

  it('really publishes, counting no carts on a club without any', async () => {
    const site = (
      await rt.app.inject({
        method: 'POST',
        url: '/api/admin/sites',
        headers: asUser(superadmin),
        payload: {
          name: `Zones Club ${Date.now()}`,
          country: 'GB',
          currency: 'GBP',
          centerLatLong: '56.34, -2.8',
          timezone: 'Europe/London',
        },
      })
    ).json<SiteView>();
    const res = await publish(superadmin, site._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ devices: 0 });
  });

  it('is refused to role basic', async () => {
    expect((await publish(staff, demoId)).statusCode).toBe(403);
  });
});

describe('zone alerts', () => {
  /** Zone alerts on a bus of their own, so the runtime's own subscription does not double up. */
  function attachOnOwnBus() {
    const bus = new DomainEventBus();
    const stores = {
      devices: new DevicesRepository(rt.ctx.db),
      zones: new ZonesRepository(rt.ctx.db),
      activityLog: new ZoneActivityRepository(rt.ctx.db),
    };
    const detach = new ZoneAlerts(stores, bus, rt.ctx.log).attach();
    const alerts: ZoneAlert[] = [];
    bus.on('zone.alert', (alert) => alerts.push(alert));
    return { bus, detach, alerts };
  }
  const zoneEvent = (
    type: 'zone_enter' | 'zone_exit',
    zoneId: string,
    id = crypto.randomUUID(),
  ): EventMessage => ({
    id,
    ts: Date.now(),
    type,
    data: { zoneId },
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
  const demoCart = async () =>
    (await rt.app.inject({ url: '/api/dashboard/devices', headers: asUser(staff, demoId) })).json<
      CartView[]
    >()[0]!;

  it('alerts when a cart enters and leaves a restriction zone, once per event, and logs it', async () => {
    const { bus, detach, alerts } = attachOnOwnBus();
    try {
      const cart = await demoCart();
      const zone = await createdZone(operator, demoId, zoneBody('restriction'));
      const enter = zoneEvent('zone_enter', zone._id);
      bus.emit('device.event', cart._id, enter);
      bus.emit('device.event', cart._id, enter); // QoS 1 redelivery
      bus.emit('device.event', cart._id, zoneEvent('zone_exit', zone._id));
      await vi.waitFor(() => expect(alerts).toHaveLength(2));
      await settle();
      expect(alerts).toHaveLength(2);
      expect(alerts[0]).toMatchObject({
        siteId: demoId,
        deviceId: cart._id,
        carNumber: cart.carNumber,
        zoneId: zone._id,
        zoneType: 'restriction',
        kind: 'enter',
      });
      expect(alerts[1]).toMatchObject({ kind: 'exit', zoneId: zone._id });
      const rows = await rt.ctx.db.select().from(activity).where(eq(activity.deviceId, cart._id));
      const logged = rows.filter((row) => (row.data as { zoneId?: string }).zoneId === zone._id);
      expect(logged.map((row) => row.type).sort()).toEqual(['zone_enter', 'zone_exit']);
      expect(logged.find((row) => row.type === 'zone_enter')?.message).toBe(
        `Cart ${cart.carNumber} entered restriction zone`,
      );
    } finally {
      detach();
    }
  });

  it('alerts for a geofence too, but not for parking, another site or other events', async () => {
    const { bus, detach, alerts } = attachOnOwnBus();
    try {
      const cart = await demoCart();
      const parking = await createdZone(operator, demoId, zoneBody('parking'));
      const theirs = await createdZone(superadmin, secondId, zoneBody('restriction'));
      const fence = await createdZone(admin, demoId, zoneBody('geofence', square(2_000)));
      bus.emit('device.event', cart._id, zoneEvent('zone_enter', parking._id));
      bus.emit('device.event', cart._id, zoneEvent('zone_enter', theirs._id));
      bus.emit('device.event', cart._id, { ...zoneEvent('zone_enter', parking._id), type: 'key_alarm' });
      bus.emit('device.event', cart._id, { ...zoneEvent('zone_enter', parking._id), data: { zoneId: 'x' } });
      bus.emit('device.event', cart._id, zoneEvent('zone_exit', fence._id));
      await vi.waitFor(() => expect(alerts).toHaveLength(1));
      await settle();
      expect(alerts).toEqual([
        expect.objectContaining({ zoneId: fence._id, zoneType: 'geofence', kind: 'exit' }),
      ]);
    } finally {
      detach();
    }
  });
});
