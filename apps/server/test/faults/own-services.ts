/**
 * Dependencies a fault test owns, so it can stop and start them without touching the rest of the suite:
 * a PostgreSQL of Debian's binaries on a free port and temporary data directory, and a Mosquitto with
 * dynamic security set up as CI runs it (setup-dynsec.sh), persistence on. Both fail with a clear message
 * when their binaries are missing. Only tests import this file.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { connectDatabase, runMigrations } from '../../src/db/client';
import { seedDemo } from '../../src/demo/demo-seed';
import { freePort } from './server-process';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const isRoot = process.getuid?.() === 0;

function run(command: string, args: string[], what: string): void {
  // PostgreSQL refuses to run as root: as root, its tools run as the postgres user.
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${what} failed (${result.status}): ${result.stderr || result.stdout || result.error}`);
}

export interface OwnPostgres {
  /** postgres://… of a migrated database seeded with the demo */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  remove(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  if (!existsSync(path.join(PG_BIN, 'pg_ctl')))
    throw new Error(
      `fault tests need PostgreSQL's server binaries in ${PG_BIN} (apt-get install postgresql-15, or set PG_BIN)`,
    );
  const dir = await mkdtemp(path.join(tmpdir(), 'fairway-fault-pg-'));
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  run(
    path.join(PG_BIN, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'],
    'initdb',
  );
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`;
  const pgCtl = (...args: string[]) =>
    run(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-w', ...args], 'pg_ctl');
  const start = async () => pgCtl('-o', options, '-l', path.join(dir, 'postgres.log'), 'start');
  const stop = async () => pgCtl('-m', 'fast', 'stop');
  await start();

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const database = connectDatabase(url, 2);
  try {
    await runMigrations(database);
    await seedDemo(database.db, pino({ level: 'warn' }));
  } finally {
    await database.close();
  }
  return {
    url,
    start,
    stop,
    async remove() {
      await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface OwnMosquitto {
  url: string;
  password: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

const SETUP = path.resolve(import.meta.dirname, '../../src/broker/mosquitto/setup-dynsec.sh');

/** Mosquitto 2 with dynamic security on `port`, started by setup-dynsec.sh as CI starts it. */
export async function startOwnMosquitto(port: number): Promise<OwnMosquitto> {
  const found = spawnSync('sh', ['-c', 'command -v mosquitto && command -v mosquitto_ctrl']);
  if (found.status !== 0)
    throw new Error(
      'fault tests need mosquitto and mosquitto_ctrl (apt-get install -y mosquitto mosquitto-clients)',
    );
  const dir = await mkdtemp(path.join(tmpdir(), 'fairway-fault-mqtt-'));
  const password = 'fault-suite-password';
  const setup = spawnSync('bash', [SETUP, dir, 'fairway-server', password, String(port)], {
    encoding: 'utf8',
  });
  if (setup.status !== 0) throw new Error(`setup-dynsec.sh failed: ${setup.stderr}${setup.stdout}`);
  const pid = async () => Number((await readFile(path.join(dir, 'mosquitto.pid'), 'utf8')).trim());
  const alive = (value: number) => {
    try {
      process.kill(value, 0);
      return true;
    } catch {
      return false;
    }
  };
  const stop = async () => {
    const value = await pid().catch(() => 0);
    if (!value || !alive(value)) return;
    // SIGTERM: Mosquitto saves its persistence file (sessions, retained messages) as it stops.
    process.kill(value, 'SIGTERM');
    for (let waited = 0; alive(value) && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
  };
  return {
    url: `mqtt://127.0.0.1:${port}`,
    password,
    stop,
    async start() {
      const started = spawnSync('mosquitto', ['-c', path.join(dir, 'mosquitto.conf'), '-d'], {
        encoding: 'utf8',
      });
      if (started.status !== 0) throw new Error(`mosquitto did not start: ${started.stderr}`);
    },
    async remove() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
