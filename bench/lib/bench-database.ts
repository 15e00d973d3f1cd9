import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface BenchDatabase {
  /** Server config naming the database: DATABASE_URL, or DATA_DIR and a port for the embedded server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A bench's own database: `name`, created afresh (and dropped afterwards) on the server BENCH_DATABASE_URL
 * names, or else the embedded PostgreSQL in a temporary DATA_DIR on a free port.
 */
export async function openBenchDatabase(
  name: string,
  { reuse = false }: { reuse?: boolean } = {},
): Promise<BenchDatabase> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `${name}-`));
    // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its data directory.
    await fs.chmod(dataDir, 0o755);
    return {
      env: { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) },
      close: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }
  // `reuse` opens what a run kept (its BENCH_*_KEEP) instead of starting afresh, to skip a long seeding.
  if (!reuse) {
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    async close() {
      const cleanup = new pg.Client(adminUrl);
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
