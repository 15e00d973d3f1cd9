import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startCommand } from '../../scripts/start-command';

/** The server's memory budget in every phase of the 2,000-cart bench (issue 22), and in the 10,000-cart one. */
export const RSS_BUDGET_MB = 300;
export const RSS_BUDGET_10K_MB = 1_024;

/** Source maps off again after tsx turned them on: `npm start` runs the bundle without them. */
const SOURCE_MAPS = 'scripts/source-maps.mjs';

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * The V8 flags `npm start` runs the server with (`startCommand`), so the bench measures the server as it is
 * started and cannot drift from it; BENCH_NODE_FLAGS replaces them for an experiment.
 */
export function startFlags(root: string): string[] {
  // To try other flags before changing npm start's (the figures then say which flags they ran with).
  if (process.env.BENCH_NODE_FLAGS) return process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean);
  return startCommand(root).flags;
}

/** The environment `npm start` sets for the server (glibc's malloc settings), unless already set here. */
function missingStartEnv(root: string): Record<string, string> {
  const { env } = startCommand(root);
  return Object.fromEntries(Object.entries(env).filter(([name]) => process.env[name] === undefined));
}

/**
 * Runs this bench again under `npm start`'s flags unless it already runs with them (`npm run bench` passes
 * them; `tsx bench/run.ts` does not). Answers true in the process that should run the bench; in the other,
 * it waits for the re-run and exits with its code.
 */
export async function ensureStartFlags(root: string, script: string): Promise<boolean> {
  const wanted = startFlags(root);
  const env = missingStartEnv(root);
  if (wanted.every((flag) => process.execArgv.includes(flag)) && Object.keys(env).length === 0) return true;
  console.log(`Running the bench under npm start's flags: ${wanted.join(' ')} ${JSON.stringify(env)}`);
  const child = spawn(
    process.execPath,
    // The bundle `npm run bench` builds runs as it is; the TypeScript (`tsx bench/run.ts`) needs tsx.
    script.endsWith('.mjs')
      ? [...wanted, script]
      : [...wanted, '--import', 'tsx', '--import', path.join(root, SOURCE_MAPS), script],
    {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  process.exit(code);
}

/** The highest RSS of one phase, with the breakdown at the moment it was reached (MB). */
export interface PhaseMemory {
  phase: string;
  budgetMb: number;
  rssMb: number;
  /** Main thread's V8 heap: used and reserved; memory outside it (Buffers, sockets, native) and of that ArrayBuffers. */
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  /** The embedded broker's worker thread's own V8 heap (absent with an external broker). */
  brokerHeapUsedMb?: number;
  brokerHeapTotalMb?: number;
  /**
   * Main heap still in use after a full GC at the phase's end: what is live, as against garbage not yet
   * collected. Only when run with --expose-gc (BENCH_NODE_FLAGS), as the GC changes the later phases.
   */
  liveHeapMb?: number;
}

/**
 * Samples the process's RSS every 100 ms and, every second, its heap breakdown and the broker worker's heap;
 * keeps the highest RSS of each phase (`phase()` starts the next one) with the breakdown taken nearest to it.
 * RSS is the whole process: main thread, broker worker, sockets and native memory.
 */
export class MemoryWatch {
  private readonly phases: PhaseMemory[] = [];
  private current: PhaseMemory | null = null;
  private readonly rssTimer: NodeJS.Timeout;
  private readonly detailTimer: NodeJS.Timeout;
  private brokerHeap: { used: number; total: number } | null = null;

  constructor(private readonly broker: () => Worker | null) {
    this.rssTimer = setInterval(() => this.sample(false), 100);
    this.detailTimer = setInterval(() => void this.sampleBroker(), 1_000);
  }

  /** Ends the phase under way (if any) and starts `name`, whose highest RSS must stay under `budgetMb`. */
  phase(name: string, budgetMb = RSS_BUDGET_MB): void {
    this.end();
    this.current = {
      phase: name,
      budgetMb,
      rssMb: 0,
      heapUsedMb: 0,
      heapTotalMb: 0,
      externalMb: 0,
      arrayBuffersMb: 0,
    };
    this.sample(true);
  }

  /** Ends the phase under way, sampled once more. */
  end(): void {
    if (!this.current) return;
    this.sample(true);
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc) {
      gc();
      this.current.liveHeapMb = mb(process.memoryUsage().heapUsed);
    }
    this.phases.push(this.current);
    this.current = null;
  }

  /** The highest RSS of the phase under way so far (MB). */
  currentRssMb(): number {
    return this.current?.rssMb ?? 0;
  }

  results(): PhaseMemory[] {
    return [...this.phases];
  }

  stop(): PhaseMemory[] {
    this.end();
    clearInterval(this.rssTimer);
    clearInterval(this.detailTimer);
    return this.results();
  }

  private sample(detailed: boolean): void {
    const phase = this.current;
    if (!phase) return;
    const rss = mb(process.memoryUsage.rss());
    if (rss < phase.rssMb) return;
    const grew = rss > phase.rssMb;
    phase.rssMb = rss;
    // The breakdown costs a heap walk: taken when the peak moves, not on every sample.
    if (grew || detailed) {
      const usage = process.memoryUsage();
      phase.heapUsedMb = mb(usage.heapUsed);
      phase.heapTotalMb = mb(usage.heapTotal);
      phase.externalMb = mb(usage.external);
      phase.arrayBuffersMb = mb(usage.arrayBuffers);
      if (this.brokerHeap) {
        phase.brokerHeapUsedMb = mb(this.brokerHeap.used);
        phase.brokerHeapTotalMb = mb(this.brokerHeap.total);
      }
    }
  }

  private async sampleBroker(): Promise<void> {
    const worker = this.broker();
    if (!worker) return;
    try {
      const stats = await worker.getHeapStatistics();
      this.brokerHeap = { used: stats.used_heap_size, total: stats.total_heap_size };
    } catch {
      // The worker is restarting or gone: keep the last figure.
    }
  }
}

/** The phases over their budget, one line each, for the bench's verdict. */
export function overBudget(phases: PhaseMemory[]): string[] {
  return phases
    .filter((p) => p.rssMb > p.budgetMb)
    .map((p) => `OVER BUDGET: server RSS ${p.rssMb} MB in phase "${p.phase}" (budget ${p.budgetMb} MB)`);
}
