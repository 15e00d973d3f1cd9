import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import { cpuSince, readCpu, type CpuSplit } from './cpu-time';

/** How busy the server process and its database were while a series of commands ran. */
export interface ServerLoad {
  /** Share of the time the server's event loop was busy (0–1). */
  eventLoopUtilization: number;
  /** Event loop delay p99 and max, ms. */
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
  /** Most queries waiting at once for one of the pool's connections (sampled every 10 ms). */
  poolWaitingMax: number;
  /** Most backends waiting at once on a lock, and how often any did (share of 20 ms samples). */
  lockWaitersMax: number;
  lockWaitShare: number;
  /** What the lock waiters were running (start of the statement → samples), most frequent first. */
  lockWaitStatements: Record<string, number>;
  /** How long it watched (s), and the CPU the server's threads, PostgreSQL and Mosquitto used meanwhile (ms). */
  seconds: number;
  cpu: CpuSplit;
}

/**
 * Watches the server process (this one) and PostgreSQL (its data directory under `dataDir`) until `stop()`:
 * event loop utilization and delay, the pool's queue, backends waiting on locks (through a connection of its
 * own, outside the pool) and the CPU used.
 */
export async function watchServer(pool: pg.Pool, dataDir: string): Promise<{ stop(): Promise<ServerLoad> }> {
  const startedAt = performance.now();
  const cpuBefore = readCpu(dataDir);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const elu = performance.eventLoopUtilization();
  let poolWaitingMax = 0;
  const poolTimer = setInterval(() => (poolWaitingMax = Math.max(poolWaitingMax, pool.waitingCount)), 10);
  const client = new pg.Client({ connectionString: pool.options.connectionString });
  await client.connect();
  let stopped = false;
  let samples = 0;
  let waiting = 0;
  let lockWaitersMax = 0;
  const statements = new Map<string, number>();
  const sampling = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ statement: string }>(
        "select left(regexp_replace(query, '\\s+', ' ', 'g'), 70) as statement from pg_stat_activity where wait_event_type = 'Lock'",
      );
      const n = rows.length;
      for (const { statement } of rows) statements.set(statement, (statements.get(statement) ?? 0) + 1);
      samples += 1;
      if (n > 0) waiting += 1;
      lockWaitersMax = Math.max(lockWaitersMax, n);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await sampling;
      await client.end();
      clearInterval(poolTimer);
      delay.disable();
      const cpu = cpuSince(cpuBefore, readCpu(dataDir));
      const used = performance.eventLoopUtilization(elu);
      return {
        eventLoopUtilization: Math.round(used.utilization * 100) / 100,
        eventLoopDelayP99Ms: Math.round(delay.percentile(99) / 1e5) / 10,
        eventLoopDelayMaxMs: Math.round(delay.max / 1e5) / 10,
        poolWaitingMax,
        lockWaitersMax,
        lockWaitShare: samples === 0 ? 0 : Math.round((waiting / samples) * 100) / 100,
        lockWaitStatements: Object.fromEntries([...statements].sort((a, b) => b[1] - a[1]).slice(0, 8)),
        seconds: (performance.now() - startedAt) / 1000,
        cpu,
      };
    },
  };
}
