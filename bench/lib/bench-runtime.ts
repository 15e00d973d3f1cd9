import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadConfig } from '../../apps/server/src/config';
import { startRuntime, type Runtime } from '../../apps/server/src/runtime';
import { openBenchDatabase } from './bench-database';

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');

/**
 * Runs `work` against the server's runtime as the query benches start it: production mode on a database of
 * its own (bench-database.ts), on free ports, without the simulator, the demo club or background jobs, so
 * only the bench's own calls load it. Stops it and drops the database afterwards unless `keep` (for EXPLAIN).
 */
export async function withBenchRuntime<T>(
  databaseName: string,
  work: (rt: Runtime) => Promise<T>,
  { keep = false, reuse = false }: { keep?: boolean; reuse?: boolean } = {},
): Promise<T> {
  const database = await openBenchDatabase(databaseName, { reuse });
  const rt = await startRuntime(
    loadConfig({
      NODE_ENV: 'production',
      ...database.env,
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      SIMULATOR: 'off',
      SEED_DEMO: 'off',
      JOBS: 'off',
      LOG_LEVEL: 'warn',
    }),
    pino({ level: 'warn' }),
  );
  try {
    return await work(rt);
  } finally {
    await rt.stop();
    if (!keep) await database.close();
  }
}

/** Writes a bench's report to bench/results/<name>-<its date>.json and answers the file's path. */
export async function writeBenchResult(name: string, report: { date: string }): Promise<string> {
  await fs.mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}-${report.date.replaceAll(':', '-')}.json`);
  await fs.writeFile(file, JSON.stringify(report, null, 2));
  return file;
}
