/**
 * `npm run bench:storage`: what a stored report costs PostgreSQL on disk and in WAL (issue 22 item 5, the sizing
 * table in docs/operations.md).
 *
 * Writes BENCH_STORAGE_FLUSHES flushes (250 by default) of one report from each of 2,000 carts through the
 * telemetry writer's own statement (`writeDeviceStates`), twice: positions alone (what a backlog's chunk
 * writes), then positions with each cart's `devices` update (every live flush). Each round starts after a
 * CHECKPOINT, so its WAL includes the full-page images a real server writes after every checkpoint. Reads the
 * WAL from `pg_current_wal_lsn()` and the table and index sizes from `pg_total_relation_size`.
 *
 * The database is the embedded PostgreSQL in a temporary DATA_DIR, or a database created (and dropped
 * afterwards) on the server BENCH_DATABASE_URL names.
 */
import { hashToken, randomToken } from '../apps/server/src/lib/tokens';
import { devices } from '../apps/server/src/db/tables/devices';
import { sites } from '../apps/server/src/db/tables/sites';
import { changeFromTelemetry, type DeviceChange } from '../apps/server/src/devices/gateway/device-change';
import { writeDeviceStates } from '../apps/server/src/devices/gateway/device-state-sql';
import { PositionColumns } from '../apps/server/src/devices/gateway/position-columns';
import type { TelemetryMessage } from '@fairway/domain';
import { withBenchRuntime, writeBenchResult } from './lib/bench-runtime';
import { machine } from './lib/machine';

const CARTS = 2_000;
const FLUSHES = Number(process.env.BENCH_STORAGE_FLUSHES ?? 250);
/** Reports per cart per day in `normal` mode (device protocol §3.2): 6 h moving every 5 s, 18 h standing every 15 s. */
const REPORTS_PER_DAY = 8_640;

/** A cart's report, moving a little with every flush so no two rows are alike. */
const report = (cart: number, flush: number, ts: number): TelemetryMessage => ({
  ts,
  lat: 56.3498 + cart * 1e-5 + flush * 1e-6,
  lng: -2.8135 - cart * 1e-5 + flush * 1e-6,
  speed: (cart + flush) % 20,
  heading: (cart * 7 + flush) % 360,
  gpsLock: 9,
  lock: 0,
  key: '0',
  keyAlarm: '0',
  battV: 48 + ((cart + flush) % 40) / 10,
  charging: false,
  odometer: 1_000 + flush * 0.01,
  conType: 'G',
  csq: 20,
  uptime: flush * 5,
  temp: 25,
});

interface Round {
  label: string;
  positions: number;
  walBytes: number;
  walPerPosition: number;
  seconds: number;
}

async function main(): Promise<void> {
  await withBenchRuntime('fairway_bench_storage', async (rt) => {
    const { db } = rt.ctx;
    const pool = rt.ctx.database.pool;
    const [site] = await db
      .insert(sites)
      .values({
        name: 'Bench Storage Links',
        country: 'United Kingdom',
        currency: 'GBP',
        centerLatLong: '56.349800, -2.813500',
        timezone: 'Europe/London',
        openingHours: Array.from({ length: 7 }, () => ({ openTime: '07:00', closeTime: '21:00' })),
      })
      .returning();
    const carts = (
      await db
        .insert(devices)
        .values(
          Array.from({ length: CARTS }, (_, i) => ({
            serial: `BENCH-STORAGE-${String(i + 1).padStart(4, '0')}`,
            secretHash: hashToken(randomToken()),
            siteId: site!.id,
            carNumber: String(i + 1),
            carName: `Cart ${i + 1}`,
          })),
        )
        .returning({ id: devices.id })
    ).map((row) => row.id);

    const walLsn = async () =>
      (await pool.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;
    const walBetween = async (from: string, to: string) =>
      Number(
        (await pool.query<{ bytes: string }>('SELECT pg_wal_lsn_diff($1, $2) AS bytes', [to, from])).rows[0]!
          .bytes,
      );
    const positionsSize = async () => {
      const { rows } = await pool.query<{ table: string; indexes: string; rows: string }>(`
        SELECT sum(pg_table_size(inhrelid)) AS table, sum(pg_indexes_size(inhrelid)) AS indexes,
          (SELECT count(*) FROM positions) AS rows
        FROM pg_inherits WHERE inhparent = 'positions'::regclass`);
      return {
        table: Number(rows[0]!.table),
        indexes: Number(rows[0]!.indexes),
        rows: Number(rows[0]!.rows),
      };
    };

    let ts = Date.now() - FLUSHES * 2 * 5_000;
    const round = async (label: string, withDevices: boolean): Promise<Round> => {
      await pool.query('CHECKPOINT');
      const from = await walLsn();
      const started = performance.now();
      for (let flush = 0; flush < FLUSHES; flush++) {
        ts += 5_000;
        const positions = new PositionColumns();
        const changes: DeviceChange[] = [];
        for (let cart = 0; cart < CARTS; cart++) {
          const message = report(cart, flush, ts);
          positions.push(carts[cart]!, message);
          if (withDevices) changes.push(changeFromTelemetry(carts[cart]!, message, ts));
        }
        await writeDeviceStates(pool, changes, positions);
      }
      const seconds = (performance.now() - started) / 1000;
      const walBytes = await walBetween(from, await walLsn());
      const positionCount = FLUSHES * CARTS;
      const result = {
        label,
        positions: positionCount,
        walBytes,
        walPerPosition: walBytes / positionCount,
        seconds,
      };
      console.log(
        `${label}: ${positionCount.toLocaleString('en')} positions in ${seconds.toFixed(1)} s, WAL ${(walBytes / 1024 / 1024).toFixed(0)} MB, ${result.walPerPosition.toFixed(0)} B per position`,
      );
      return result;
    };

    const rounds = [
      await round('positions alone (a backlog chunk)', false),
      await round('positions and devices updates (a live flush)', true),
    ];
    await pool.query('VACUUM ANALYZE positions');
    const size = await positionsSize();
    const bytesPerRow = (size.table + size.indexes) / size.rows;
    const live = rounds[1]!;
    const summary = {
      date: new Date().toISOString(),
      machine: await machine(rt),
      carts: CARTS,
      flushes: FLUSHES,
      rounds,
      positions: {
        rows: size.rows,
        tableBytesPerRow: size.table / size.rows,
        indexBytesPerRow: size.indexes / size.rows,
        bytesPerRow,
      },
      perCartPerDay: {
        reports: REPORTS_PER_DAY,
        storageMb: (REPORTS_PER_DAY * bytesPerRow) / 1024 / 1024,
        walMb: (REPORTS_PER_DAY * live.walPerPosition) / 1024 / 1024,
      },
    };
    console.log(
      `positions: ${size.rows.toLocaleString('en')} rows, ${summary.positions.tableBytesPerRow.toFixed(1)} B table + ${summary.positions.indexBytesPerRow.toFixed(1)} B indexes = ${bytesPerRow.toFixed(1)} B per row`,
    );
    console.log(
      `per cart per day (${REPORTS_PER_DAY} reports): ${summary.perCartPerDay.storageMb.toFixed(1)} MB stored, ${summary.perCartPerDay.walMb.toFixed(1)} MB of WAL (live flushes)`,
    );
    console.log(`Written: ${await writeBenchResult('storage', summary)}`);
  });
}

await main();
