/**
 * The production layout (docs/operations.md, "Production layout") on one machine, from Debian's packages:
 * nginx in front of several Fairway instances, Mosquitto with dynamic security (each instance in the `$share`
 * group), Redis for the Socket.IO fan-out, and a database of its own on PostgreSQL 15. Everything listens on
 * free loopback ports and writes into one temporary directory, so it runs beside a developer's `npm start`
 * and beside CI's own broker and Redis.
 *
 *   node --import tsx deploy/local/layout.ts up     starts it and prints where everything is
 *   node --import tsx deploy/local/layout.ts down   stops the layout `up` started (or: down DIR)
 *
 * (deploy/local/up.sh and down.sh say the same.) The two-instance test (deploy/test/two-instances.ts) starts
 * it through `startLayout`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildServer, SERVER_MAIN } from '../../scripts/build-server.mjs';
import { startCommand } from '../../scripts/start-command';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NGINX_DIR = path.join(ROOT, 'deploy/nginx');
const SETUP_DYNSEC = path.join(ROOT, 'apps/server/src/broker/mosquitto/setup-dynsec.sh');
/** Where `up` leaves the directory of the layout it started, for `down` without an argument. */
const LAST_LAYOUT = path.join(os.tmpdir(), 'fairway-layout.last');
/** The administrative connection that creates the layout's database (CI's PostgreSQL 15 by default). */
const DEFAULT_PG_URL = 'postgres://fairway_ci:fairway_ci@127.0.0.1:5432/postgres';
const MQTT_USER = 'fairway-server';

export interface LayoutOptions {
  /** Instance names (each becomes MQTT client id `fairway-<name>`); default a and b. */
  instances?: string[];
  /** A PostgreSQL 15 URL allowed to create databases (PG_URL, else CI's); the layout's database is made there. */
  pgUrl?: string;
  /** Seed the demo club and its accounts (the test signs in as the demo superadmin); production: off. */
  demo?: boolean;
  /** Progress lines. */
  say?: (line: string) => void;
}

export interface InstanceHandle {
  name: string;
  /** Its MQTT client id, which GET /api/admin/instance reports as `instance`. */
  clientId: string;
  pid: number;
  /** Its own port, without nginx. */
  directUrl: string;
  /** Through nginx, always to this instance. */
  pinnedUrl: string;
  logFile: string;
}

export interface LayoutState {
  dir: string;
  /** The public address: nginx, spreading browsers over the instances. */
  url: string;
  instances: InstanceHandle[];
  mqttUrl: string;
  mqttPassword: string;
  redisUrl: string;
  databaseUrl: string;
  adminPgUrl: string;
  database: string;
  pids: { nginx: number; redis: number; mosquitto: number };
}

export interface Layout extends LayoutState {
  instance(name: string): InstanceHandle;
  stop(): Promise<void>;
}

/** A port nothing listens on right now (the OS's pick). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, { cwd: ROOT, env, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`,
    );
  return result.stdout;
}

function readPid(file: string): number {
  return Number(fs.readFileSync(file, 'utf8').trim());
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not ready within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

const fill = (template: string, fields: Record<string, string>) =>
  template.replace(/@([A-Z_]+)@/g, (match, key: string) => fields[key] ?? match);

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Starts the whole layout; on any failure stops what it had started and rethrows. */
export async function startLayout(options: LayoutOptions = {}): Promise<Layout> {
  const say = options.say ?? (() => {});
  const names = options.instances ?? ['a', 'b'];
  const adminPgUrl = options.pgUrl ?? process.env.PG_URL ?? DEFAULT_PG_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairway-layout-'));
  // Mosquitto and nginx's workers drop root: they must reach their subdirectories.
  fs.chmodSync(dir, 0o755);
  const state: LayoutState = {
    dir,
    url: '',
    instances: [],
    mqttUrl: '',
    mqttPassword: randomBytes(18).toString('base64url'),
    redisUrl: '',
    databaseUrl: '',
    adminPgUrl,
    database: `fairway_layout_${randomBytes(4).toString('hex')}`,
    pids: { nginx: 0, redis: 0, mosquitto: 0 },
  };
  const save = () =>
    fs.writeFileSync(path.join(dir, 'layout.json'), JSON.stringify(state, null, 2), { mode: 0o600 });
  const layout: Layout = {
    ...state,
    instance(name) {
      const found = state.instances.find((instance) => instance.name === name);
      if (!found) throw new Error(`no instance ${name}`);
      return found;
    },
    stop: () => stopLayout(state),
  };
  try {
    // PostgreSQL 15: a database of the layout's own, dropped by stop().
    const admin = new pg.Client({ connectionString: adminPgUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${state.database}`);
    } finally {
      await admin.end();
    }
    const databaseUrl = new URL(adminPgUrl);
    databaseUrl.pathname = `/${state.database}`;
    state.databaseUrl = databaseUrl.toString();
    save();
    say(`database ${state.database} on ${databaseUrl.host}`);

    // Redis: the Socket.IO adapter's pub/sub, nothing stored.
    const redisPort = await freePort();
    fs.mkdirSync(path.join(dir, 'redis'));
    run('redis-server', [
      '--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
      '--dir', path.join(dir, 'redis'), '--daemonize', 'yes',
      '--pidfile', path.join(dir, 'redis/redis.pid'), '--logfile', path.join(dir, 'redis/redis.log'),
    ]); // prettier-ignore
    state.redisUrl = `redis://127.0.0.1:${redisPort}`;
    state.pids.redis = await waitFor('redis', async () => readPid(path.join(dir, 'redis/redis.pid')), 5_000);
    save();
    say(`redis on ${state.redisUrl}`);

    // Mosquitto with dynamic security: the server's account is the dynsec admin (it registers the carts).
    const mqttPort = await freePort();
    run('bash', [SETUP_DYNSEC, path.join(dir, 'mosquitto'), MQTT_USER, state.mqttPassword, String(mqttPort)]);
    state.mqttUrl = `mqtt://127.0.0.1:${mqttPort}`;
    state.pids.mosquitto = readPid(path.join(dir, 'mosquitto/mosquitto.pid'));
    save();
    say(`mosquitto on ${state.mqttUrl}`);

    // nginx: the public port, and one pinned port per instance.
    const nginxPort = await freePort();
    const instancePorts = await Promise.all(names.map(() => freePort()));
    const pinnedPorts = await Promise.all(names.map(() => freePort()));
    state.url = `http://127.0.0.1:${nginxPort}`;
    const publicUrl = state.url;

    // The instances: one DATA_DIR shared by all (it stands for the shared files mount; S3_URL instead in the
    // cloud), their own MQTT client ids in one `$share` group, no broker session kept for a dead instance.
    const dataDir = path.join(dir, 'shared-data');
    fs.mkdirSync(dataDir);
    const baseEnv = Object.fromEntries(
      ['PATH', 'HOME', 'LANG', 'TMPDIR'].flatMap((key) =>
        process.env[key] ? [[key, process.env[key]]] : [],
      ),
    );
    // The bundle `npm start` runs, built once here rather than by each instance at once.
    await buildServer();
    for (const [index, name] of names.entries()) {
      const clientId = `fairway-${name}`;
      const logFile = path.join(dir, `instance-${name}.log`);
      const out = fs.openSync(logFile, 'a');
      const env = {
        ...baseEnv,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(instancePorts[index]),
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: state.databaseUrl,
        MQTT_URL: state.mqttUrl,
        MQTT_USERNAME: MQTT_USER,
        MQTT_PASSWORD: state.mqttPassword,
        MQTT_DYNSEC: 'on',
        MQTT_CLIENT_ID: clientId,
        MQTT_SESSION_EXPIRY_SECONDS: '0',
        REDIS_URL: state.redisUrl,
        SIMULATOR: 'off',
        SEED_DEMO: options.demo === false ? 'off' : 'on',
        LOG_LEVEL: 'info',
      };
      // The flags, environment and bundle `npm start` uses; the bundle in this very process, so its pid is the
      // server's.
      const start = startCommand(ROOT);
      const child = spawn(process.execPath, [...start.flags, SERVER_MAIN], {
        cwd: ROOT,
        env: { ...start.env, ...env },
        detached: true,
        stdio: ['ignore', out, out],
      });
      child.unref();
      fs.closeSync(out);
      state.instances.push({
        name,
        clientId,
        pid: child.pid!,
        directUrl: `http://127.0.0.1:${instancePorts[index]}`,
        pinnedUrl: `http://127.0.0.1:${pinnedPorts[index]}`,
        logFile,
      });
    }
    save();

    const nginxDir = path.join(dir, 'nginx');
    fs.mkdirSync(path.join(nginxDir, 'tmp'), { recursive: true });
    const site = fill(fs.readFileSync(path.join(NGINX_DIR, 'fairway.conf'), 'utf8'), {
      LISTEN: `127.0.0.1:${nginxPort}`,
      INCLUDE_DIR: nginxDir,
      UPSTREAM_SERVERS: state.instances
        .map((instance) => `    server ${new URL(instance.directUrl).host} max_fails=1 fail_timeout=5s;`)
        .join('\n'),
    });
    fs.writeFileSync(path.join(nginxDir, 'fairway.conf'), site);
    fs.copyFileSync(path.join(NGINX_DIR, 'fairway-proxy.conf'), path.join(nginxDir, 'fairway-proxy.conf'));
    const pinned = state.instances
      .map((instance) =>
        [
          `    server {`,
          `        listen ${new URL(instance.pinnedUrl).host};`,
          `        location /socket.io/ {`,
          `            proxy_pass ${instance.directUrl};`,
          `            include ${nginxDir}/fairway-proxy.conf;`,
          `            proxy_buffering off;`,
          `            proxy_read_timeout 75s;`,
          `        }`,
          `        location / {`,
          `            proxy_pass ${instance.directUrl};`,
          `            include ${nginxDir}/fairway-proxy.conf;`,
          `        }`,
          `    }`,
        ].join('\n'),
      )
      .join('\n');
    fs.writeFileSync(
      path.join(nginxDir, 'nginx.conf'),
      fill(fs.readFileSync(path.join(ROOT, 'deploy/local/nginx.conf'), 'utf8'), {
        DIR: nginxDir,
        PINNED_SERVERS: pinned,
      }),
    );
    const nginxArgs = [
      '-p',
      nginxDir,
      '-e',
      path.join(nginxDir, 'error.log'),
      '-c',
      path.join(nginxDir, 'nginx.conf'),
    ];
    run('nginx', ['-t', '-q', ...nginxArgs]);
    run('nginx', nginxArgs);
    state.pids.nginx = await waitFor('nginx', async () => readPid(path.join(nginxDir, 'nginx.pid')), 5_000);
    save();
    say(`nginx on ${state.url}`);

    for (const instance of state.instances) {
      await waitFor(
        `instance ${instance.name} (log ${instance.logFile})`,
        async () => {
          if (!alive(instance.pid))
            throw new Error(`instance ${instance.name} exited:\n${tail(instance.logFile)}`);
          const res = await fetch(`${instance.directUrl}/api/health`);
          return res.status === 200 ? true : null;
        },
        120_000,
      ).catch((error: unknown) => {
        throw new Error(
          `${error instanceof Error ? error.message : String(error)}\n${tail(instance.logFile)}`,
        );
      });
      say(`instance ${instance.name} (${instance.clientId}, pid ${instance.pid}) on ${instance.directUrl}`);
    }
    Object.assign(layout, state);
    return layout;
  } catch (error) {
    await stopLayout(state).catch(() => undefined);
    throw error;
  }
}

/** Stops every process the layout started (instances first, cleanly), drops its database, removes its directory. */
export async function stopLayout(state: LayoutState): Promise<void> {
  const instances = state.instances.filter((instance) => alive(instance.pid));
  for (const instance of instances) process.kill(instance.pid, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (instances.some((instance) => alive(instance.pid)) && Date.now() < deadline) await sleep(100);
  for (const instance of instances) if (alive(instance.pid)) process.kill(instance.pid, 'SIGKILL');
  for (const [name, pid] of Object.entries(state.pids)) {
    // nginx stops gracefully on QUIT; Redis and Mosquitto on TERM.
    if (pid && alive(pid)) process.kill(pid, name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
  }
  const helpers = Object.values(state.pids).filter((pid) => pid);
  const helpersDeadline = Date.now() + 5_000;
  while (helpers.some(alive) && Date.now() < helpersDeadline) await sleep(100);
  if (state.databaseUrl) {
    const admin = new pg.Client({ connectionString: state.adminPgUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${state.database} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }
  fs.rmSync(state.dir, { recursive: true, force: true });
}

async function cli(): Promise<void> {
  const [command, argument] = process.argv.slice(2);
  const say = (line: string) => process.stdout.write(`${line}\n`);
  if (command === 'up') {
    if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
      say('building the web app (the instances serve apps/web/dist)…');
      run('npm', ['run', 'build', '-w', '@fairway/web']);
    }
    const layout = await startLayout({ say });
    fs.writeFileSync(LAST_LAYOUT, layout.dir);
    say('');
    say(`Fairway: ${layout.url}  (sign in as superadmin@example.com / demo-password)`);
    for (const instance of layout.instances)
      say(`  instance ${instance.name}: ${instance.pinnedUrl} through nginx, log ${instance.logFile}`);
    say(`Devices: ${layout.mqttUrl}   Redis: ${layout.redisUrl}   Database: ${layout.database}`);
    say(`Stop with: deploy/local/down.sh ${layout.dir}`);
  } else if (command === 'down') {
    const dir = argument ?? (fs.existsSync(LAST_LAYOUT) ? fs.readFileSync(LAST_LAYOUT, 'utf8').trim() : '');
    const file = path.join(dir, 'layout.json');
    if (!dir || !fs.existsSync(file)) throw new Error(`no layout to stop (${file || 'none started'})`);
    await stopLayout(JSON.parse(fs.readFileSync(file, 'utf8')) as LayoutState);
    if (fs.existsSync(LAST_LAYOUT) && fs.readFileSync(LAST_LAYOUT, 'utf8').trim() === dir)
      fs.rmSync(LAST_LAYOUT);
    say(`stopped the layout in ${dir}`);
  } else {
    process.stderr.write('usage: layout.ts up | down [DIR]\n');
    process.exitCode = 64;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
