import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, runMigrations } from '../../src/db/client';
import { asUser, loginAs, startTestServer } from '../helpers';
import {
  createDatabase,
  journal,
  migrateToRelease,
  migrationHash,
  readFixture,
  releases,
  runSqlFile,
  type Release,
} from './releases';
import { lostData, sequencesBehind, snapshot, withoutColumns, type Snapshot } from './snapshot';

/**
 * Issue #15 item 23: a club that updates Fairway keeps everything. For every tagged release: a database
 * holding that release's migrations and the data it wrote (its fixture) is migrated to head with the
 * product's own runner, and every row must still be there, and the upgraded product must serve it.
 */

/**
 * `table.column`s that a later migration rewrites on purpose (a backfill, a changed representation), each
 * with the migration that does it. Empty: no migration so far changes a stored value.
 */
const DELIBERATE_CHANGES = new Set<string>([]);

/**
 * Columns a later migration drops on purpose, with their table's primary key, each with the migration: the
 * rows before are compared without them.
 */
const DROPPED_COLUMNS: ReadonlyArray<readonly [table: string, columns: readonly string[]]> = [
  // 0018: positions are read by cart and time only; the id and the key (id, ts) went.
  ['positions', ['id']],
];

type Rows = Array<Record<string, unknown>>;
const rowsOf = (data: Snapshot, table: string): Rows => [...(data.get(table)?.values() ?? [])];
const ids = (rows: Rows, field = 'id') => rows.map((row) => row[field] as string).sort();

describe('the released migrations', () => {
  it.each(releases())('v$version: its migrations are unchanged at head', (release) => {
    const entries = journal().entries;
    expect(entries[release.migrations - 1]?.tag).toBe(release.lastMigration);
    // drizzle never re-runs an applied migration: an edited one would never reach an upgraded club.
    expect(entries.slice(0, release.migrations).map((entry) => migrationHash(entry.tag))).toEqual(
      release.hashes,
    );
    // drizzle applies only entries newer than the last one applied (`when`), so a later migration stamped
    // earlier than the release's last one would be skipped silently on every upgraded database.
    const releasedUntil = entries[release.migrations - 1]!.when;
    for (const entry of entries.slice(release.migrations))
      expect(
        entry.when,
        `${entry.tag} is stamped before v${release.version}'s last migration`,
      ).toBeGreaterThan(releasedUntil);
  });
});

describe.each(releases())('upgrading a club from v$version to head', (release: Release) => {
  let url: string;
  let drop: () => Promise<void>;
  let before: Snapshot;
  let after: Snapshot;

  beforeAll(async () => {
    const name = `fairway_upgrade_${release.version.replaceAll('.', '_')}_${process.pid}`;
    ({ url, drop } = await createDatabase(inject('databaseUrl'), name));
    await migrateToRelease(url, release);
    await runSqlFile(url, readFixture(release));
    before = await snapshot(url);
    // The product's own runner, as a start of the new release runs it (under its advisory lock).
    const database = connectDatabase(url, 2);
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    after = await snapshot(url);
  });
  afterAll(() => drop?.());

  it('starts from a real club: the fixture fills the tables the product lives on', () => {
    const lived = ['sites', 'devices', 'users', 'members', 'codes', 'user_groups', 'services', 'prices'];
    for (const table of [...lived, 'rides', 'payments', 'positions', 'zones', 'device_commands'])
      expect(rowsOf(before, table).length, table).toBeGreaterThan(0);
  });

  it('reaches head: every migration of the journal is recorded', async () => {
    const client = connectDatabase(url, 1);
    try {
      const { rows } = await client.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(rows[0].n).toBe(journal().entries.length);
    } finally {
      await client.close();
    }
  });

  it('keeps every row and every stored value', () => {
    const comparable = DROPPED_COLUMNS.reduce(
      (data, [table, columns]) => withoutColumns(data, table, columns),
      before,
    );
    expect(lostData(comparable, after, DELIBERATE_CHANGES)).toEqual([]);
    for (const [table, rows] of comparable) expect(after.get(table)?.size, table).toBe(rows.size);
  });

  it('keeps every id sequence ahead of its rows, so new rows do not collide', async () => {
    expect(await sequencesBehind(url)).toEqual([]);
  });

  it('serves the club through the upgraded product', { timeout: 120_000 }, async () => {
    // SEED_DEMO on, as a club's start has it by default: the demo must not be seeded a second time.
    const rt = await startTestServer({ DATABASE_URL: url, SEED_DEMO: 'on' });
    try {
      const sites = rowsOf(after, 'sites');
      const demo = sites.find((site) => site.name === 'Demo Golf Club')!;
      const second = sites.find((site) => site.name === 'Second Club')!;
      const ofSite = (table: string, siteId: unknown) =>
        rowsOf(before, table).filter((row) => row.site_id === siteId);

      const admin = asUser(await loginAs(rt, 'admin@example.com'), demo.id as string);
      const get = async <T>(path: string, headers: Record<string, string>): Promise<T> => {
        const res = await rt.app.inject({ method: 'GET', url: path, headers });
        expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
        return res.json<T>();
      };

      const carts = await get<Array<{ _id: string; serial: string; carName: string; lockCode: string }>>(
        '/api/dashboard/devices',
        admin,
      );
      expect(carts.map((cart) => [cart._id, cart.serial, cart.carName, cart.lockCode]).sort()).toEqual(
        ofSite('devices', demo.id)
          .map((row) => [row.id, row.serial, row.car_name, row.lock_code])
          .sort(),
      );

      const everything = 'start=2000-01-01T00:00:00.000Z&end=2100-01-01T00:00:00.000Z&limit=100';
      const rides = await get<{ data: Array<{ _id: string; status: string; amount: number | null }> }>(
        `/api/dashboard/rides?${everything}`,
        admin,
      );
      const storedRides = ofSite('rides', demo.id).filter((row) => !row.deleted);
      expect(rides.data.map((ride) => [ride._id, ride.status, ride.amount]).sort()).toEqual(
        storedRides.map((row) => [row.id, row.status, row.amount]).sort(),
      );

      const payments = await get<{
        data: Array<{ _id: string; status: string; priceDetails: { total: number } }>;
      }>(`/api/dashboard/payments?${everything}`, admin);
      expect(
        payments.data.map((payment) => [payment._id, payment.status, payment.priceDetails.total]).sort(),
      ).toEqual(
        ofSite('payments', demo.id)
          .map((row) => [row.id, row.status, row.total])
          .sort(),
      );

      const members = await get<{ data: Array<{ _id: string; email: string; credits: number }> }>(
        '/api/dashboard/members?limit=100',
        admin,
      );
      expect(members.data.map((member) => [member._id, member.email, member.credits]).sort()).toEqual(
        ofSite('members', demo.id)
          .map((row) => [row.id, row.email, row.credits])
          .sort(),
      );

      const zones = await get<Array<{ _id: string; geometry: unknown }>>('/api/dashboard/zones', admin);
      expect(zones.map((zone) => [zone._id, zone.geometry])).toEqual(
        ofSite('zones', demo.id).map((row) => [row.id, row.geometry]),
      );

      // The other club's operator sees that club's carts and members, and the superadmin still logs in.
      const operator = asUser(await loginAs(rt, 'operator2@example.com'), second.id as string);
      expect(ids(await get<Array<{ _id: string }>>('/api/dashboard/devices', operator), '_id')).toEqual(
        ids(ofSite('devices', second.id)),
      );
      const secondMembers = await get<{ data: Array<{ _id: string }> }>(
        '/api/dashboard/members?limit=100',
        operator,
      );
      expect(ids(secondMembers.data, '_id')).toEqual(ids(ofSite('members', second.id)));
      await loginAs(rt, 'superadmin@example.com');

      // A write on the upgraded data: an operator draws a zone next to the old one.
      const created = await rt.app.inject({
        method: 'POST',
        url: '/api/dashboard/zones',
        headers: admin,
        payload: {
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [-2.812, 56.349],
                [-2.811, 56.349],
                [-2.811, 56.3495],
                [-2.812, 56.3495],
                [-2.812, 56.349],
              ],
            ],
          },
          properties: { type: 'restriction' },
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(await get<unknown[]>('/api/dashboard/zones', admin)).toHaveLength(zones.length + 1);
    } finally {
      await rt.stop();
    }
    // The start did not seed the demo a second time over the club's data.
    const started = await snapshot(url);
    for (const table of ['sites', 'devices', 'users', 'members', 'codes', 'services', 'rides', 'payments'])
      expect(started.get(table)?.size, table).toBe(before.get(table)?.size);
  });
});
