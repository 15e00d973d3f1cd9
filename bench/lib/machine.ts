import os from 'node:os';
import type { Runtime } from '../../apps/server/src/runtime';

/** What a result was measured on, written beside every benchmark's numbers. */
export async function machine(rt: Runtime) {
  const { rows } = await rt.ctx.database.pool.query<{ version: string }>('SELECT version()');
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    node: process.version,
    postgres: rows[0]!.version.split(' on ')[0],
    loadAverage: os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' '),
  };
}
