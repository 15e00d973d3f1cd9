import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createCheckers, type Checker, type ITypeSuite } from 'ts-interface-checker';
import gbfsSuite from 'gbfs-typescript-types/v3.0/test-type-checkers/gbfs-ti';
import geofencingZonesSuite from 'gbfs-typescript-types/v3.0/test-type-checkers/geofencing_zones-ti';
import manifestSuite from 'gbfs-typescript-types/v3.0/test-type-checkers/manifest-ti';
import stationInformationSuite from 'gbfs-typescript-types/v3.0/test-type-checkers/station_information-ti';
import stationStatusSuite from 'gbfs-typescript-types/v3.0/test-type-checkers/station_status-ti';
import systemInformationSuite from 'gbfs-typescript-types/v3.0/test-type-checkers/system_information-ti';
import systemPricingPlansSuite from 'gbfs-typescript-types/v3.0/test-type-checkers/system_pricing_plans-ti';
import vehicleStatusSuite from 'gbfs-typescript-types/v3.0/test-type-checkers/vehicle_status-ti';
import vehicleTypesSuite from 'gbfs-typescript-types/v3.0/test-type-checkers/vehicle_types-ti';
import type {
  Gbfs,
  GeofencingZones,
  Manifest,
  StationInformation,
  StationStatus,
} from 'gbfs-typescript-types/v3.0';
import type {
  SystemInformation,
  SystemPricingPlans,
  VehicleStatus,
  VehicleTypes,
} from 'gbfs-typescript-types/v3.0';
import {
  batteryPercent,
  ELECTRIC_CART_RANGE_METERS,
  type CommandOutcome,
  type OpeningHours,
  type SiteView,
  type ZoneView,
} from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
import { eventually } from '../../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../../test/test-cart';
import { demoLikeSite } from '../../demo/demo-club.test-support';
import { devices } from '../../db/tables/devices';
import { members } from '../../db/tables/members';
import { rides } from '../../db/tables/rides';
import { sites } from '../../db/tables/sites';
import { users } from '../../db/tables/users';
import { zones } from '../../db/tables/zones';

/** MobilityData's v3.0 checkers, one per file: `strictCheck` also refuses fields GBFS does not define. */
const checkerOf = (suite: ITypeSuite, name: string): Checker => createCheckers(suite)[name]!;
const CHECKERS: Record<string, Checker> = {
  gbfs: checkerOf(gbfsSuite, 'Gbfs'),
  system_information: checkerOf(systemInformationSuite, 'SystemInformation'),
  vehicle_types: checkerOf(vehicleTypesSuite, 'VehicleTypes'),
  vehicle_status: checkerOf(vehicleStatusSuite, 'VehicleStatus'),
  station_information: checkerOf(stationInformationSuite, 'StationInformation'),
  station_status: checkerOf(stationStatusSuite, 'StationStatus'),
  geofencing_zones: checkerOf(geofencingZonesSuite, 'GeofencingZones'),
  system_pricing_plans: checkerOf(systemPricingPlansSuite, 'SystemPricingPlans'),
  manifest: checkerOf(manifestSuite, 'Manifest'),
};
const LIVE_FILES = new Set(['vehicle_status', 'station_status']);
/** The feed's contact when GBFS_CONTACT_EMAIL is unset: MAIL_FROM's address (the default here). */
const CONTACT = 'no-reply@fairway.local';

const ALL_DAY: OpeningHours = Array.from({ length: 7 }, () => ({ openTime: '00:00', closeTime: '24:00' }));

/** Positions of the test carts: away from the squares other files draw near 56.34, -2.80. */
const SPOT = {
  free: { lat: 56.3505, lng: -2.82 },
  unlocked: { lat: 56.3506, lng: -2.8202 },
  flat: { lat: 56.3507, lng: -2.8204 },
  broken: { lat: 56.3508, lng: -2.8206 },
  second: { lat: 49.9389, lng: 14.1869 },
};
const FLA = { cart: { model: 'Precedent' as const, brand: 'Club Car' }, power: 'FLA' as const, notes: '' };

let rt: Runtime;
let superadmin: string;
let admin: string;
let staff: string;
let demoId: string;
let secondId: string;
const carts: TestCart[] = [];
let free: TestCart;
const saved = new Map<string, { gbfsEnabled: boolean; openingHours: OpeningHours }>();
const createdZones: string[] = [];
/** Every body the feed answered in this file, for the privacy check at the end. */
const bodies: string[] = [];

async function get<T>(path: string): Promise<{ status: number; body: T; headers: Record<string, unknown> }> {
  const res = await rt.app.inject({ url: path });
  bodies.push(res.body);
  return { status: res.statusCode, body: res.json<T>(), headers: res.headers };
}

const feed = <T>(siteId: string, file: string) => get<T>(`/api/gbfs/${siteId}/${file}.json`);

async function patchSite(token: string, siteId: string, updateData: object) {
  return rt.app.inject({
    method: 'PATCH',
    url: '/api/dashboard/sites',
    headers: asUser(token, siteId),
    payload: { updateData },
  });
}

async function connectCart(siteId: string, spot: { lat: number; lng: number }, battV: number, lock: 0 | 1) {
  const cart = await startTestCart(rt, superadmin, siteId, {
    ...spot,
    lock,
    speed: 0,
    battV,
    charging: false,
  });
  carts.push(cart);
  await rt.ctx.db.update(devices).set({ vehicleInfo: FLA }).where(eq(devices.id, cart.deviceId));
  // The first report may race the move into the site: report once more, now that the cart is there.
  await cart.report();
  await eventually(async () => {
    const [row] = await rt.ctx.db.select().from(devices).where(eq(devices.id, cart.deviceId));
    return row?.lat === spot.lat && row.online;
  });
  return cart;
}

/** The vehicle parked at `spot` (vehicle ids are opaque: the test finds a cart by where it stands). */
const vehicleAt = (status: VehicleStatus, spot: { lat: number; lng: number }) =>
  status.data.vehicles.find((vehicle) => vehicle.lat === spot.lat && vehicle.lon === spot.lng);

/** A closed square ring of `side` metres around a point, clockwise as an operator may draw it. */
function square(centre: { lat: number; lng: number }, side: number): Array<[number, number]> {
  const dLat = side / 2 / 111_195;
  const dLng = side / 2 / (111_195 * Math.cos((centre.lat * Math.PI) / 180));
  return [
    [centre.lng - dLng, centre.lat - dLat],
    [centre.lng - dLng, centre.lat + dLat],
    [centre.lng + dLng, centre.lat + dLat],
    [centre.lng + dLng, centre.lat - dLat],
    [centre.lng - dLng, centre.lat - dLat],
  ];
}

async function createZone(type: string, ring: Array<[number, number]>): Promise<ZoneView> {
  const res = await rt.app.inject({
    method: 'POST',
    url: '/api/dashboard/zones',
    headers: asUser(admin, demoId),
    payload: { geometry: { type: 'Polygon', coordinates: [ring] }, properties: { type } },
  });
  expect(res.statusCode, res.body).toBe(201);
  const zone = res.json<ZoneView>();
  createdZones.push(zone._id);
  return zone;
}

beforeAll(async () => {
  rt = await startTestServer();
  [superadmin, admin, staff] = (await Promise.all(
    ['superadmin@example.com', 'admin@example.com', 'staff@example.com'].map((email) => loginAs(rt, email)),
  )) as [string, string, string];
  ({ demo: demoId, second: secondId } = await demoSiteIds(rt));
  for (const row of await rt.ctx.db
    .select()
    .from(sites)
    .where(inArray(sites.id, [demoId, secondId])))
    saved.set(row.id, { gbfsEnabled: row.gbfsEnabled, openingHours: row.openingHours as OpeningHours });
  // Open all day, so a cart is available whenever the suite runs.
  expect((await patchSite(admin, demoId, { openingHours: ALL_DAY })).statusCode).toBe(200);
  expect((await patchSite(superadmin, secondId, { openingHours: ALL_DAY })).statusCode).toBe(200);

  free = await connectCart(demoId, SPOT.free, 50.2, 1);
  await connectCart(demoId, SPOT.unlocked, 50.2, 0);
  await connectCart(demoId, SPOT.flat, 44.5, 1);
  const broken = await connectCart(demoId, SPOT.broken, 50.2, 1);
  await rt.ctx.db.update(devices).set({ inService: false }).where(eq(devices.id, broken.deviceId));
  await connectCart(secondId, SPOT.second, 50.2, 1);
});

afterAll(async () => {
  for (const cart of carts) await cart.disconnect();
  if (createdZones.length > 0) await rt.ctx.db.delete(zones).where(inArray(zones.id, createdZones));
  for (const [siteId, values] of saved) await rt.ctx.db.update(sites).set(values).where(eq(sites.id, siteId));
  await rt.stop();
});

describe('the GBFS switch', () => {
  it('publishes nothing until an admin turns it on, and a missing site answers the same', async () => {
    const off = await feed<{ message: string }>(demoId, 'gbfs');
    expect(off.status).toBe(404);
    const missing = await feed<{ message: string }>('00000000-0000-4000-8000-000000000000', 'gbfs');
    expect(missing).toMatchObject({ status: 404, body: off.body });
    expect((await feed(demoId, 'vehicle_status')).status).toBe(404);
    expect((await get('/api/gbfs/not-a-site/gbfs.json')).status).toBe(400);
    expect(
      (await get<Manifest>('/api/gbfs/manifest.json')).body.data.datasets.map((d) => d.system_id),
    ).not.toContain(demoId);

    // Staff may read the settings but not change them.
    expect((await patchSite(staff, demoId, { gbfsEnabled: true })).statusCode).toBe(403);
    expect((await feed(demoId, 'gbfs')).status).toBe(404);

    const on = await patchSite(admin, demoId, { gbfsEnabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<SiteView>().gbfsEnabled).toBe(true);
    expect((await patchSite(superadmin, secondId, { gbfsEnabled: true })).statusCode).toBe(200);
    expect((await feed(demoId, 'gbfs')).status).toBe(200);

    // Off again: every file disappears at once, not only the discovery file.
    expect((await patchSite(admin, demoId, { gbfsEnabled: false })).json<SiteView>().gbfsEnabled).toBe(false);
    for (const file of Object.keys(CHECKERS).filter((name) => name !== 'manifest'))
      expect((await feed(demoId, file)).status, file).toBe(404);
    expect((await patchSite(admin, demoId, { gbfsEnabled: true })).statusCode).toBe(200);
  });
});

describe("a club's feed", () => {
  it('serves every file of both demo clubs, valid by MobilityData’s v3.0 checkers, with ttl and last_updated', async () => {
    const manifest = await get<Manifest>('/api/gbfs/manifest.json');
    CHECKERS.manifest!.strictCheck(manifest.body);
    for (const siteId of [demoId, secondId]) {
      const before = Date.now() - 1_000;
      const discovery = await feed<Gbfs>(siteId, 'gbfs');
      expect(discovery.status).toBe(200);
      CHECKERS.gbfs!.strictCheck(discovery.body);
      const listed = manifest.body.data.datasets.find((dataset) => dataset.system_id === siteId);
      expect(listed?.versions).toEqual([{ version: '3.0', url: expect.stringMatching(/^http/) }]);
      expect(new URL(listed!.versions[0]!.url).pathname).toBe(`/api/gbfs/${siteId}/gbfs.json`);

      const names = discovery.body.data.feeds.map((entry) => entry.name);
      // Both demo clubs sell rides to guests, so their prices are published.
      expect(names).toEqual([
        'system_information',
        'vehicle_types',
        'vehicle_status',
        'station_information',
        'station_status',
        'geofencing_zones',
        'system_pricing_plans',
      ]);
      for (const entry of discovery.body.data.feeds) {
        const url = new URL(entry.url);
        expect(url.pathname).toBe(`/api/gbfs/${siteId}/${entry.name}.json`);
        const res = await get<{ last_updated: string; ttl: number; version: string }>(url.pathname);
        expect(res.status, `${entry.name}: ${JSON.stringify(res.body)}`).toBe(200);
        CHECKERS[entry.name]!.strictCheck(res.body);
        const ttl = LIVE_FILES.has(entry.name) ? 30 : 300;
        expect(res.body.ttl, entry.name).toBe(ttl);
        expect(res.headers['cache-control']).toBe(`public, max-age=${ttl}`);
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.body.last_updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        const updated = Date.parse(res.body.last_updated);
        expect(updated).toBeGreaterThanOrEqual(before - 1_000);
        expect(updated).toBeLessThanOrEqual(Date.now());
      }
    }

    const demoInfo = (await feed<SystemInformation>(demoId, 'system_information')).body.data;
    expect(demoInfo).toMatchObject({
      system_id: demoId,
      languages: ['en'],
      name: [{ language: 'en', text: 'Demo Golf Club — Old Course' }],
      timezone: 'Europe/London',
      opening_hours: 'Mo-Su 00:00-24:00',
      feed_contact_email: CONTACT,
      url: 'https://www.example.com',
    });
    expect(new URL(demoInfo.manifest_url!).pathname).toBe('/api/gbfs/manifest.json');
    // The site's language first, then English, in every text.
    const secondInfo = (await feed<SystemInformation>(secondId, 'system_information')).body.data;
    expect(secondInfo.languages).toEqual(['cs', 'en']);
    expect(secondInfo.name.map((name) => name.language)).toEqual(['cs', 'en']);
  });

  it('prices the guest rates with the unlock fee, in major units', async () => {
    // The demo club is shared with other test files, which may add prices of their own: its seeded ones are there.
    const demo = (await feed<SystemPricingPlans>(demoId, 'system_pricing_plans')).body.data.plans;
    expect(demo.map((plan) => [plan.name[0]!.text, plan.price, plan.currency])).toEqual(
      expect.arrayContaining([
        ['18 holes – Twilight', 25.5, 'GBP'],
        ['18 holes – Guest', 40.5, 'GBP'],
        ['9 holes – Guest', 25.5, 'GBP'],
      ]),
    );
    expect(demo.find((plan) => plan.name[0]!.text === '18 holes – Twilight')!.description[0]!.text).toBe(
      '18 holes: a cart for 270 minutes. The unlock fee is included. Sold only at set times of the week.',
    );
    // Member prices are paid with credits, not sold to guests.
    const second = (await feed<SystemPricingPlans>(secondId, 'system_pricing_plans')).body.data.plans;
    expect(second.map((plan) => [plan.name[1]!.text, plan.price, plan.currency])).toEqual([
      ['18 jamek – Host', 1200, 'CZK'],
      ['9 jamek – Host', 700, 'CZK'],
    ]);
    expect(second[0]!.description.map((text) => text.language)).toEqual(['cs', 'en']);
    expect(second[0]!.description[0]!.text).toBe('18 jamek: vozík na 270 minut.');

    const types = (await feed<VehicleTypes>(demoId, 'vehicle_types')).body.data.vehicle_types;
    expect(types).toEqual([
      expect.objectContaining({
        vehicle_type_id: 'golf_cart_electric',
        form_factor: 'other',
        propulsion_type: 'electric',
        max_range_meters: ELECTRIC_CART_RANGE_METERS,
      }),
    ]);
    // The cheapest price sold at any time is the default plan (Twilight costs as little, but not always).
    // Read by rule, not by position: other test files add prices of their own to the shared demo club.
    const always = demo.filter((plan) => !plan.description[0]!.text.includes('Sold only at set times'));
    const cheapest = Math.min(...always.map((plan) => plan.price));
    const defaultPlan = demo.find((plan) => plan.plan_id === types[0]!.default_pricing_plan_id);
    expect(defaultPlan?.price).toBe(cheapest);
    expect(always).toContainEqual(defaultPlan);
    expect(types[0]!.pricing_plan_ids?.[0]).toBe(defaultPlan!.plan_id);
  });

  it('lists only the carts a guest could take now, with their charge and range', async () => {
    const status = (await feed<VehicleStatus>(demoId, 'vehicle_status')).body;
    const vehicle = vehicleAt(status, SPOT.free);
    const percent = batteryPercent(50.2, 'FLA')!;
    expect(vehicle).toMatchObject({
      is_reserved: false,
      is_disabled: false,
      vehicle_type_id: 'golf_cart_electric',
      current_fuel_percent: percent / 100,
      current_range_meters: (ELECTRIC_CART_RANGE_METERS * percent) / 100,
    });
    // Open all day: it must be back by midnight on the club's clock.
    expect(Date.parse(vehicle!.available_until!)).toBeGreaterThan(Date.now());
    // Unlocked (someone is driving it), nearly flat, out of service: not offered.
    for (const spot of [SPOT.unlocked, SPOT.flat, SPOT.broken])
      expect(vehicleAt(status, spot)).toBeUndefined();
    expect(
      vehicleAt((await feed<VehicleStatus>(secondId, 'vehicle_status')).body, SPOT.second),
    ).toBeDefined();
  });

  it("rotates a cart's id with every ride and keeps it while the cart stands", async () => {
    const first = vehicleAt(
      (await feed<VehicleStatus>(demoId, 'vehicle_status')).body,
      SPOT.free,
    )!.vehicle_id;
    expect(vehicleAt((await feed<VehicleStatus>(demoId, 'vehicle_status')).body, SPOT.free)!.vehicle_id).toBe(
      first,
    );
    expect(first).not.toContain(free.deviceId);

    const unlock = await rt.app.inject({
      method: 'POST',
      url: `/api/dashboard/devices/${free.deviceId}/unlock`,
      headers: asUser(admin, demoId),
      payload: { name: 'Hamish Fairbairn', email: 'hamish.fairbairn@example.org' },
    });
    expect(unlock.json<CommandOutcome>().command.state, unlock.body).toBe('acknowledged');
    // Out on a ride: not in the feed at all (GBFS: vehicles on a trip are not published).
    expect(vehicleAt((await feed<VehicleStatus>(demoId, 'vehicle_status')).body, SPOT.free)).toBeUndefined();

    const lock = await rt.app.inject({
      method: 'POST',
      url: `/api/dashboard/devices/${free.deviceId}/lock`,
      headers: asUser(admin, demoId),
    });
    expect(lock.json<CommandOutcome>().command.state, lock.body).toBe('acknowledged');
    await eventually(async () => {
      const open = await rt.ctx.db.select().from(rides).where(eq(rides.deviceId, free.deviceId));
      return open.length === 1 && open[0]!.status === 'ended';
    });
    const after = await eventually(
      async () =>
        vehicleAt((await feed<VehicleStatus>(demoId, 'vehicle_status')).body, SPOT.free)?.vehicle_id,
    );
    expect(after).not.toBe(first);
    expect(vehicleAt((await feed<VehicleStatus>(demoId, 'vehicle_status')).body, SPOT.free)!.vehicle_id).toBe(
      after,
    );
  });

  it('maps the zones: restriction closed, parking a station, geofence the operating area', async () => {
    const restriction = await createZone('restriction', square({ lat: 56.352, lng: -2.822 }, 60));
    const parking = await createZone('parking', square(SPOT.free, 40));
    const geofence = await createZone('geofence', square(SPOT.free, 2_000));

    const zonesFile = (await feed<GeofencingZones>(demoId, 'geofencing_zones')).body;
    CHECKERS.geofencing_zones!.strictCheck(zonesFile);
    const features = zonesFile.data.geofencing_zones.features;
    const ruleOf = (zone: ZoneView) =>
      features.find(
        (feature) =>
          JSON.stringify(feature.geometry.coordinates[0]![0]) ===
          JSON.stringify([...zone.geometry.coordinates[0]!].reverse()),
      )?.properties.rules;
    expect(ruleOf(restriction)).toEqual([
      { ride_start_allowed: false, ride_end_allowed: false, ride_through_allowed: false },
    ]);
    expect(ruleOf(parking)).toEqual([
      { ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true, station_parking: true },
    ]);
    expect(ruleOf(geofence)).toEqual([
      { ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true },
    ]);
    // GBFS applies the first zone covering a point: the strictest come first.
    const kinds = features.map((feature) =>
      feature.properties.rules![0]!.ride_through_allowed
        ? feature.properties.rules![0]!.station_parking
          ? 1
          : 2
        : 0,
    );
    expect(kinds).toEqual([...kinds].sort());
    // Outside the operating area no ride may start, end or pass.
    expect(zonesFile.data.global_rules).toEqual([
      { ride_start_allowed: false, ride_end_allowed: false, ride_through_allowed: false },
    ]);
    // Counter-clockwise (GeoJSON's right-hand rule), though drawn clockwise.
    const ring = features.find((feature) => feature.properties.rules![0]!.station_parking)!.geometry
      .coordinates[0]![0]!;
    const twiceArea = ring.reduce((sum, [x1, y1], i) => {
      const [x2, y2] = ring[(i + 1) % ring.length]!;
      return sum + x1! * y2! - x2! * y1!;
    }, 0);
    expect(twiceArea).toBeGreaterThan(0);

    const stations = (await feed<StationInformation>(demoId, 'station_information')).body;
    CHECKERS.station_information!.strictCheck(stations);
    expect(stations.data.stations.find((station) => station.station_id === parking._id)).toMatchObject({
      is_virtual_station: true,
      station_area: { type: 'MultiPolygon' },
      rental_uris: { web: expect.stringMatching(new RegExp(`/guest/site/${demoId}$`)) },
    });
    expect(vehicleAt((await feed<VehicleStatus>(demoId, 'vehicle_status')).body, SPOT.free)?.station_id).toBe(
      parking._id,
    );
    const status = (await feed<StationStatus>(demoId, 'station_status')).body;
    CHECKERS.station_status!.strictCheck(status);
    expect(status.data.stations.find((station) => station.station_id === parking._id)).toMatchObject({
      num_vehicles_available: 1,
      vehicle_types_available: [{ vehicle_type_id: 'golf_cart_electric', count: 1 }],
      is_renting: true,
      is_returning: true,
    });
  });

  it('keeps a club without parking zones at a barn on its map centre, and lists no prices it does not sell', async () => {
    const siteId = await demoLikeSite(rt, 'GBFS barn', 2);
    await rt.ctx.db.update(sites).set({ gbfsEnabled: true }).where(eq(sites.id, siteId));
    const names = (await feed<Gbfs>(siteId, 'gbfs')).body.data.feeds.map((entry) => entry.name);
    expect(names).not.toContain('system_pricing_plans');
    const stations = (await feed<StationInformation>(siteId, 'station_information')).body.data.stations;
    expect(stations).toEqual([
      expect.objectContaining({
        station_id: `${siteId}-barn`,
        lat: 56.3498,
        lon: -2.8135,
        name: [{ language: 'en', text: 'Cart barn' }],
      }),
    ]);
    const status = (await feed<StationStatus>(siteId, 'station_status')).body;
    CHECKERS.station_status!.strictCheck(status);
    expect(status.data.stations[0]).toMatchObject({ num_vehicles_available: 0 });
    const zonesFile = (await feed<GeofencingZones>(siteId, 'geofencing_zones')).body;
    expect(zonesFile.data.geofencing_zones.features).toEqual([]);
    expect(zonesFile.data.global_rules).toEqual([
      { ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true },
    ]);
    const plans = await feed<SystemPricingPlans>(siteId, 'system_pricing_plans');
    CHECKERS.system_pricing_plans!.strictCheck(plans.body);
    expect(plans.body.data.plans).toEqual([]);
  });

  it('says nothing about who drives: no names, no emails, no cart identities', async () => {
    const people = await rt.ctx.db
      .select({ name: members.name, email: members.email })
      .from(members)
      .limit(50);
    const accounts = await rt.ctx.db.select({ email: users.email }).from(users);
    const cartRows = await rt.ctx.db
      .select({ id: devices.id, serial: devices.serial, carName: devices.carName })
      .from(devices)
      .where(inArray(devices.siteId, [demoId, secondId]));
    const everything = bodies.join('\n');
    expect(bodies.length).toBeGreaterThan(40);
    expect(everything).not.toContain('Hamish');
    for (const person of people) {
      expect(everything).not.toContain(person.name);
      expect(everything).not.toContain(person.email);
    }
    for (const account of accounts) expect(everything).not.toContain(account.email);
    for (const cart of cartRows) {
      expect(everything).not.toContain(cart.id);
      expect(everything).not.toContain(cart.serial);
      if (cart.carName) expect(everything).not.toContain(`"${cart.carName}"`);
    }
    // The only address anywhere is the feed's technical contact, a role address.
    const addresses = new Set(everything.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g));
    expect([...addresses]).toEqual([CONTACT]);
  });
});
