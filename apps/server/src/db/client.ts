import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/locations';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

/** The pool-backed database or a transaction on it: repositories run on either. */
export type DbExecutor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

/** Arbitrary constant: the advisory lock that serialises migrations across server instances. */
const MIGRATION_LOCK = 7_421_001;

export function connectDatabase(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // A dropped connection in the idle pool must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor one that drops while checked out between two queries (a transaction awaiting other work when the
  // database stops): pg emits that on the client, where nothing listens. The next query on it fails, and the
  // pool discards a client that is no longer queryable when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
}

export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
