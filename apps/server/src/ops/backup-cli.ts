import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../config';
import { embeddedDatabaseUrl, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { backup, restore } from './backup';

/**
 * `npm run backup -- <file>` / `npm run restore -- <file>`: DATABASE_URL, or by default the embedded
 * database of DATA_DIR. That one is used where `npm start` runs it; when the server is stopped (a restore
 * into a fresh DATA_DIR) this process starts it for the time of the command.
 */
const [command, file] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error('usage: npm run backup -- <file.gz>   |   npm run restore -- <file.gz>');
  process.exit(2);
}
const config = loadConfig(process.env);
const log = (message: string) => console.error(message);
let embedded: EmbeddedDatabase | null = null;
let url = config.DATABASE_URL;
if (!url) {
  url = embeddedDatabaseUrl(config.EMBEDDED_PG_PORT);
  if (!(await reachable(url))) {
    log(`starting the embedded PostgreSQL of ${config.dataDir}`);
    embedded = await startEmbeddedPostgres(config.dataDir, config.EMBEDDED_PG_PORT, pino({ level: 'warn' }));
  }
}
// With S3_URL the files live in the bucket, which has its own backups; only DATA_DIR/files is copied.
const filesDir = config.s3 ? null : path.join(config.dataDir, 'files');
try {
  const header = await (command === 'backup' ? backup : restore)(url, path.resolve(file), filesDir, log);
  const rows = header.tables.reduce((sum, table) => sum + table.rows, 0);
  log(`${command === 'backup' ? 'backed up' : 'restored'} ${header.tables.length} tables, ${rows} rows`);
} catch (error) {
  log(`${command} failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}

async function reachable(target: string): Promise<boolean> {
  const client = new pg.Client(target);
  try {
    await client.connect();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') return false;
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}
