import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backup, ident, restore, type BackupHeader } from '../../src/ops/backup';
import type { Runtime } from '../../src/runtime';
import { createMember } from '../../src/modules/members/members.test-support';
import { demoSiteIds, loginAs, startTestServer } from '../helpers';
import { startTestCart, type TestCart } from '../test-cart';
import { createDatabase } from '../upgrade/releases';

/**
 * Issue 22 item 5: a backup taken while the server runs and writes restores, with the product's own
 * commands, into an empty database that a second server then serves, row for row.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairway-backup-'));
const archive = path.join(dir, 'club.gz');
let rt: Runtime;
let cart: TestCart;
let header: BackupHeader;
const drops: Array<() => Promise<void>> = [];

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}
async function rowCounts(url: string, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables)
    counts[table] = Number(
      (await query<{ n: string }>(url, `select count(*) as n from ${ident(table)}`))[0]!.n,
    );
  return counts;
}
async function emptyDatabase(name: string): Promise<string> {
  const { url, drop } = await createDatabase(inject('databaseUrl'), `${name}_${process.pid}`);
  drops.push(drop);
  return url;
}

beforeAll(async () => {
  rt = await startTestServer();
  const superadmin = await loginAs(rt, 'superadmin@example.com');
  const { demo } = await demoSiteIds(rt);
  await createMember(rt, superadmin, demo, { name: 'Backed Up', credits: 7 });
  cart = await startTestCart(rt, superadmin, demo);
  await cart.connect();
});
afterAll(async () => {
  await cart?.disconnect();
  await rt?.stop();
  for (const drop of drops) await drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a backup of a running instance', () => {
  let restored: string;

  it('is one snapshot, taken while a cart keeps reporting', async () => {
    let reporting = true;
    let reports = 0;
    const writer = (async () => {
      while (reporting) {
        await cart.report({ speed: reports++ % 20 });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const files = path.join(dir, 'data/files');
    fs.mkdirSync(path.join(files, 'sites'), { recursive: true });
    fs.writeFileSync(path.join(files, 'sites/logo.png'), 'a picture');
    header = await backup(inject('databaseUrl'), archive, files);
    reporting = false;
    await writer;
    expect(reports).toBeGreaterThan(0);
    const names = header.tables.map((table) => table.name);
    expect(names).toContain('drizzle.__drizzle_migrations');
    // parents before children: sites before devices before rides
    expect(names.indexOf('public.sites')).toBeLessThan(names.indexOf('public.devices'));
    expect(names.indexOf('public.devices')).toBeLessThan(names.indexOf('public.rides'));
    const rows = Object.fromEntries(header.tables.map((table) => [table.name, table.rows]));
    for (const table of ['public.devices', 'public.rides', 'public.payments', 'public.members'])
      expect(rows[table], table).toBeGreaterThan(0);
    expect(header.migrations.count).toBe(rows['drizzle.__drizzle_migrations']);
  });

  it('restores into an empty database that a second runtime serves, row for row', async () => {
    restored = await emptyDatabase('fairway_restored');
    const files = path.join(dir, 'restored/files');
    await restore(restored, archive, files);
    // DATA_DIR/files travels beside the archive (`<archive>.files`) and comes back into DATA_DIR/files.
    expect(fs.readFileSync(path.join(files, 'sites/logo.png'), 'utf8')).toBe('a picture');
    const names = header.tables.map((table) => table.name);
    expect(await rowCounts(restored, names)).toEqual(
      Object.fromEntries(header.tables.map((table) => [table.name, table.rows])),
    );
    // Nothing writes rides, payments or members after the backup: they must come back identical.
    for (const table of ['rides', 'payments', 'members']) {
      const rows = `select id, md5(t::text) as digest from ${table} t order by id`;
      expect(await query(restored, rows), table).toEqual(await query(inject('databaseUrl'), rows));
    }
    // The dashboard's rollups are not in the archive: the triggers rebuild them as bookings and payments load.
    // Copied as well, every booking and payment would count twice. (Other test files write bookings to the
    // shared database meanwhile, so the restored rollups are checked against the restored rows.)
    const rolledUp = `select site_id, hour, booked, cancelled from dashboard_booking_hours
                       where booked <> 0 or cancelled <> 0 order by 1, 2`;
    const fromBookings = `select site_id, date_trunc('hour', start, 'UTC') as hour,
                                 count(*) filter (where status <> 'cancelled')::int as booked,
                                 count(*) filter (where status = 'cancelled')::int as cancelled
                            from bookings
                           where booking_type <> 'cart_maintenance'
                             and status in ('confirmed', 'payment_pending', 'no_show', 'cancelled')
                           group by 1, 2 order by 1, 2`;
    const restoredHours = await query(restored, rolledUp);
    expect(restoredHours.length).toBeGreaterThan(0);
    expect(restoredHours).toEqual(await query(restored, fromBookings));
    const paidDays = `select site_id, day, currency, amount::text, count from dashboard_payment_days
                       where count <> 0 order by 1, 2, 3`;
    const fromPayments = `select site_id, date_trunc('day', succeeded_at, 'UTC') as day, currency,
                                 sum(total)::text as amount, count(*)::int as count
                            from payments
                           where status = 'succeeded' and refunded_at is null and succeeded_at is not null
                           group by 1, 2, 3 order by 1, 2, 3`;
    expect(await query(restored, paidDays)).toEqual(await query(restored, fromPayments));
    const carts = 'select id, serial, site_id, car_name, simulated from devices order by id';
    expect(await query(restored, carts)).toEqual(await query(inject('databaseUrl'), carts));
    // Sequences continue after the restored rows, or the next insert would collide with one of them.
    for (const [table, sequence] of [
      ['drizzle.__drizzle_migrations', 'drizzle.__drizzle_migrations_id_seq'],
    ]) {
      const [state] = await query<{ last: string; max: string }>(
        restored,
        `select (select last_value::text from ${sequence}) as last, (select max(id)::text from ${table}) as max`,
      );
      expect(state!.last, sequence).toBe(state!.max);
    }

    const second = await startTestServer({ DATABASE_URL: restored });
    try {
      const token = await loginAs(second, 'superadmin@example.com');
      const { demo } = await demoSiteIds(second);
      const member = await createMember(second, token, demo, { name: 'After Restore' });
      expect(member.name).toBe('After Restore');
      const found = await query<{ credits: number }>(
        restored,
        `select credits from members where name = 'Backed Up'`,
      );
      expect(found).toEqual([{ credits: 7 }]);
    } finally {
      await second.stop();
    }
  });

  it('refuses a database that is not empty, and changes nothing in it', async () => {
    const names = header.tables.map((table) => table.name);
    const before = await rowCounts(restored, names);
    await expect(restore(restored, archive, null)).rejects.toThrow(/not empty/);
    expect(await rowCounts(restored, names)).toEqual(before);
  });

  it.each([
    ['inside the gzip stream', (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length * 0.8))],
    [
      'cleanly after half its tables',
      (bytes: Buffer) => {
        const text = gunzipSync(bytes).toString('utf8');
        const ends = [...text.matchAll(/^\\\.$/gm)].map((match) => match.index + 3);
        return gzipSync(text.slice(0, ends[Math.floor(ends.length / 2)]));
      },
    ],
  ])('rolls an archive truncated %s back entirely: no half restore', async (how, truncate) => {
    const truncated = path.join(dir, 'truncated.gz');
    fs.writeFileSync(truncated, truncate(fs.readFileSync(archive)));
    const target = await emptyDatabase(`fairway_truncated_${how.length}`);
    await expect(restore(target, truncated, null)).rejects.toThrow(/unexpected end of file|truncated/);
    const left = await query(
      target,
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle')`,
    );
    expect(left).toEqual([]);
  });

  it('refuses an archive from a newer schema than this code', async () => {
    const [first, ...rest] = gunzipSync(fs.readFileSync(archive)).toString('utf8').split('\n');
    const newer = { ...(JSON.parse(first!) as BackupHeader) };
    newer.migrations = { ...newer.migrations, count: newer.migrations.count + 1 };
    const future = path.join(dir, 'future.gz');
    fs.writeFileSync(future, gzipSync([JSON.stringify(newer), ...rest].join('\n')));
    const target = await emptyDatabase('fairway_future');
    await expect(restore(target, future, null)).rejects.toThrow(/newer release/);
  });
});
