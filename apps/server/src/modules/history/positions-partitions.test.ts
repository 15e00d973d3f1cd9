import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { RideHistory } from '@fairway/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, runMigrations, type Database } from '../../db/client';
import { backup, restore } from '../../ops/backup';
import { createDatabase, journal, migrateToRelease, type Release } from '../../../test/upgrade/releases';
import { HistoryRepository } from './history.repository';
import { HistoryRollup } from './history.rollup';
import { HistoryService } from './history.service';
import { monthStart, PositionsPartitions } from './positions-partitions';
import { RollupRepository } from './rollup.repository';

/**
 * Issue 22 item 5: `positions` by month. One database of its own (the retention drops months, which the
 * suite's shared one must keep), migrated to just before 0015 and filled, then to head; the job's steps run
 * with `now` where the test needs it.
 */
const log = pino({ level: 'silent' });
const DAY_MS = 86_400_000;
const CENTRE = [56.3498, -2.8135] as const;
const NOW = new Date();
const at = (months: number) => monthStart(NOW, months);
const partitionName = (month: Date) =>
  `positions_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;

/** The last two days of the month `months` from now and the first two of the next: a range across partitions. */
const acrossMonths = (months: number) => {
  const boundary = at(months + 1);
  return { start: new Date(boundary.getTime() - 2 * DAY_MS), end: new Date(boundary.getTime() + 2 * DAY_MS) };
};
const OLD = acrossMonths(-8);
const RECENT = acrossMonths(-2);
const WRONG_CLOCK = new Date('1970-01-01T00:00:10Z');
const FUTURE = at(10);

let database: Database;
let url: string;
const drops: Array<() => Promise<void>> = [];
let siteId: string;
let carts: string[];

const totals = async (db: Database) =>
  (
    await db.pool.query<Record<string, string>>(
      `SELECT count(*)::text AS n, sum(extract(epoch FROM ts))::text AS ts, sum(lat::numeric)::text AS lat,
              sum(lng::numeric)::text AS lng, sum(speed::numeric)::text AS speed, sum(batt_voltage::numeric)::text AS batt, string_agg(DISTINCT device_id::text, ',') AS carts
         FROM positions`,
    )
  ).rows[0]!;

const rowsPerPartition = async (db: Database) =>
  Object.fromEntries(
    (
      await db.pool.query<{ partition: string; n: number }>(
        'SELECT tableoid::regclass::text AS partition, count(*)::int AS n FROM positions GROUP BY 1 ORDER BY 1',
      )
    ).rows.map((row) => [row.partition, row.n]),
  );

/** Four laps a day (every 5 s around a ~600 m loop) per cart, at 10:00 UTC of each day from `start` to `end`. */
async function drive(db: Database, start: Date, end: Date): Promise<void> {
  await db.pool.query(
    `INSERT INTO positions (device_id, ts, lat, lng, speed, batt_voltage)
     SELECT c.id, d + interval '10 hours' + make_interval(secs => i * 5),
            $3 + 100 * sin(2 * pi() * i / 36 + c.k) / 111195.0,
            $4 + 160 * cos(2 * pi() * i / 36 + c.k) / 111195.0 / cos(radians($3)), 12, 50.5
     FROM unnest($5::uuid[]) WITH ORDINALITY AS c(id, k)
     CROSS JOIN generate_series($1::timestamptz, $2::timestamptz - interval '1 day', interval '1 day') AS d
     CROSS JOIN generate_series(0, 143) AS i`,
    [start, end, CENTRE[0], CENTRE[1], carts],
  );
}

const services = (db: Database, retentionMonths: number) => {
  const rollups = new RollupRepository(db.pool);
  const history = new HistoryRepository(db.pool);
  return {
    partitions: new PositionsPartitions(db.pool, rollups, log, { retentionMonths }),
    rollup: new HistoryRollup(db.pool, history, rollups, log),
    history: new HistoryService(db.pool, history),
  };
};

/** Trail and heatmap over whole site days. */
const answers = async (db: Database, range: { start: Date; end: Date }): Promise<RideHistory[]> => {
  const { history } = services(db, 0);
  const query = { start: range.start.toISOString(), end: range.end.toISOString() };
  return [
    await history.rideHistory(siteId, { ...query, mode: 'trail' }),
    await history.rideHistory(siteId, { ...query, mode: 'heatmap' }),
  ];
};

beforeAll(async () => {
  const created = await createDatabase(inject('databaseUrl'), `fairway_partitions_${process.pid}`);
  url = created.url;
  drops.push(created.drop);
  const upTo = journal().entries.findIndex((entry) => entry.tag === '0015_positions-partitions');
  expect(upTo).toBeGreaterThan(0);
  // The database as the release before partitioning left it (only `version` and `migrations` are read).
  await migrateToRelease(url, { version: 'before-0015', migrations: upTo } as Release);
  database = connectDatabase(url, 4);
  const { rows: sites } = await database.pool.query<{ id: string }>(
    // In UTC, so the ranges below are whole site days: a range cut inside a day reads those hours raw.
    `INSERT INTO sites (name, country, currency, center_lat_long, timezone, opening_hours)
     VALUES ('Partitions Links', 'United Kingdom', 'GBP', $1, 'UTC', $2) RETURNING id`,
    [`${CENTRE[0]}, ${CENTRE[1]}`, JSON.stringify(Array.from({ length: 7 }, () => null))],
  );
  siteId = sites[0]!.id;
  const { rows: devices } = await database.pool.query<{ id: string }>(
    `INSERT INTO devices (serial, secret_hash, site_id, car_number, car_name)
     SELECT 'PART-' || n, md5(n::text), $1, n::text, 'Cart ' || n FROM generate_series(1, 2) AS n
     RETURNING id`,
    [siteId],
  );
  carts = devices.map((row) => row.id);
  await drive(database, OLD.start, OLD.end);
  await drive(database, RECENT.start, RECENT.end);
  await database.pool.query(
    `INSERT INTO positions (device_id, ts, lat, lng, speed, batt_voltage)
     VALUES ($1, $2, $4, $5, 0, NULL), ($1, $3, $4, $5, 0, NULL)`,
    [carts[0], WRONG_CLOCK, FUTURE, CENTRE[0], CENTRE[1]],
  );
}, 120_000);

afterAll(async () => {
  await database?.close();
  for (const drop of drops) await drop();
});

describe('positions partitioned by month', () => {
  it('migration 0015 keeps every row, each in its month, and the ids went on until 0018 dropped them', async () => {
    const before = await totals(database);
    const ids = async () =>
      (await database.pool.query<{ max: string }>('SELECT max(id)::text AS max FROM positions')).rows[0]!.max;
    const maxId = await ids();
    // Through 0015: the ids the rows had stay, and the next row's comes after them.
    const through0015 = journal().entries.findIndex((entry) => entry.tag === '0015_positions-partitions') + 1;
    await migrateToRelease(url, { version: 'through-0015', migrations: through0015 } as Release);
    expect(await ids()).toBe(maxId);
    const { rows: inserted } = await database.pool.query<{ id: string }>(
      `INSERT INTO positions (device_id, ts, lat, lng, speed) VALUES ($1, now(), 0, 0, 0) RETURNING id::text`,
      [carts[0]],
    );
    expect(BigInt(inserted[0]!.id)).toBeGreaterThan(BigInt(maxId));
    await database.pool.query('DELETE FROM positions WHERE id = $1', [inserted[0]!.id]);
    // Then to head (0018 drops the id: positions are read by cart and time only).
    await runMigrations(database);
    expect(await totals(database)).toEqual(before);

    const perPartition = await rowsPerPartition(database);
    const lapsPerTwoDays = 2 * 2 * 144;
    expect(perPartition).toEqual({
      [partitionName(at(-8))]: lapsPerTwoDays,
      [partitionName(at(-7))]: lapsPerTwoDays,
      [partitionName(at(-2))]: lapsPerTwoDays,
      [partitionName(at(-1))]: lapsPerTwoDays,
      // a clock at 1970 and one years ahead: outside the months made, kept in the default partition
      positions_default: 2,
    });
    // Every month from the oldest real one (at most 36 back) to three ahead.
    const { partitions } = services(database, 0);
    expect((await partitions.list()).map((p) => p.name)).toEqual(
      Array.from({ length: 12 }, (_, i) => partitionName(at(i - 8))),
    );

    const { rows: options } = await database.pool.query<{ reloptions: string[] }>(
      `SELECT reloptions FROM pg_class WHERE oid = 'devices'::regclass`,
    );
    expect(options[0]!.reloptions).toContain('fillfactor=50');
  });

  it('makes the coming months ahead, and a month of a stray report with the report moved into it', async () => {
    const { partitions } = services(database, 0);
    // A month later the window has moved on by one.
    const later = await partitions.maintain(new Date(at(1).getTime() + 5 * DAY_MS));
    expect(later).toEqual({ created: [partitionName(at(4))], dropped: [], postponed: [], purged: 0 });

    expect(await partitions.ensure(FUTURE, FUTURE)).toEqual([partitionName(FUTURE)]);
    const perPartition = await rowsPerPartition(database);
    expect(perPartition[partitionName(FUTURE)]).toBe(1);
    expect(perPartition.positions_default).toBe(1);
  });

  it('drops only the months past the retention, once the history roll-up has covered them', async () => {
    const { partitions, rollup } = services(database, 6);
    const rawOld = await answers(database, OLD);
    const rawRecent = await answers(database, RECENT);
    expect(rawOld[0]!.mode === 'trail' && rawOld[0]!.carts).toHaveLength(2);

    // Nothing rolled up yet: the months wait (the 1970 report alone makes two years of days to roll up).
    const waiting = await partitions.maintain(NOW);
    expect(waiting.postponed).toEqual([partitionName(at(-8)), partitionName(at(-7))]);
    expect(waiting.dropped).toEqual([]);
    expect(waiting.purged).toBe(0);
    // The migration made every month from the oldest real one on: the retention's months are there.
    expect(waiting.created).toEqual([]);

    await rollup.run(NOW, { budgetMs: Number.POSITIVE_INFINITY });
    const rolledOld = await answers(database, OLD);
    const rolledRecent = await answers(database, RECENT);
    // Heat cells are sums: the same from raw reports as from roll-ups (trails: history.test.ts).
    expect(rolledOld[1]).toEqual(rawOld[1]);
    expect(rolledRecent[1]).toEqual(rawRecent[1]);

    const done = await partitions.maintain(NOW);
    expect(done).toEqual({
      created: [],
      dropped: [partitionName(at(-8)), partitionName(at(-7))],
      postponed: [],
      purged: 1, // the 1970 report
    });
    const perPartition = await rowsPerPartition(database);
    expect(Object.keys(perPartition)).toEqual(
      [partitionName(at(-2)), partitionName(at(-1)), partitionName(FUTURE)].sort(),
    );
    expect((await partitions.list())[0]!.name).toBe(partitionName(at(-6)));

    // The map answers the old range from its roll-ups as before, and the recent one as before.
    expect(await answers(database, OLD)).toEqual(rolledOld);
    expect(await answers(database, RECENT)).toEqual(rolledRecent);
  });

  it('changes nothing when run again, on two instances at once', async () => {
    const second = connectDatabase(url, 4);
    try {
      const listed = await services(database, 6).partitions.list();
      const runs = await Promise.all([
        services(database, 6).partitions.maintain(NOW),
        services(second, 6).partitions.maintain(NOW),
      ]);
      for (const run of runs) expect(run).toEqual({ created: [], dropped: [], postponed: [], purged: 0 });
      expect(await services(second, 6).partitions.list()).toEqual(listed);
    } finally {
      await second.close();
    }
  });

  it('is backed up and restored into a fresh database with every row in its own month', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairway-partitions-'));
    const archive = path.join(dir, 'backup.gz');
    const fresh = await createDatabase(inject('databaseUrl'), `fairway_partitions_restore_${process.pid}`);
    drops.push(fresh.drop);
    const restored = connectDatabase(fresh.url, 2);
    try {
      const header = await backup(url, archive, null);
      expect(header.partitions?.map((p) => p.name)).toContain(`public.${partitionName(FUTURE)}`);
      await restore(fresh.url, archive, null);
      expect(await totals(restored)).toEqual(await totals(database));
      expect(await rowsPerPartition(restored)).toEqual(await rowsPerPartition(database));
    } finally {
      await restored.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
