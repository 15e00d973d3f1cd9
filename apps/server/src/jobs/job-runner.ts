import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { scheduledJobs } from '../db/tables/jobs';

export interface ClaimedJob {
  key: string;
  kind: string;
  runAt: Date;
  payload: Record<string, unknown>;
  attempts: number;
}

/** When a recurring job runs next, optionally with the state it carries to that run. */
export type NextRun = Date | { runAt: Date; payload: Record<string, unknown> };

/**
 * What a job does. It returns when it should run next (a recurring job) or null when it is done (its row
 * is deleted). Handlers must be idempotent: a job whose instance died mid-run runs again after its lease.
 */
export type JobHandler = (job: ClaimedJob) => Promise<NextRun | null>;

export interface JobRunnerOptions {
  /** How often due jobs are looked for. */
  pollMs?: number;
  /** How long a claimed job is ours; a crashed instance's jobs are taken over after it. */
  leaseMs?: number;
  /** Retry delay after a failure, doubled per attempt up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * Durable scheduled work on PostgreSQL (`scheduled_jobs`): due rows are claimed with `FOR UPDATE SKIP
 * LOCKED` and a lease, so each run happens on one instance even when several run, and work survives a
 * restart because the schedule lives in the database, not in timers.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  /** Per-kind leases (seconds) shorter than the default, for quick jobs a guest may be waiting on. */
  private readonly leases: Record<string, number> = {};
  private readonly owner = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly options: Required<JobRunnerOptions>;
  /** Runs this runner finished since it started, by kind (failed ones included): GET /api/admin/instance. */
  private readonly runs: Record<string, number> = {};

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    options: JobRunnerOptions = {},
  ) {
    this.options = { pollMs: 1_000, leaseMs: 60_000, backoffMs: 5_000, maxBackoffMs: 300_000, ...options };
  }

  /**
   * `leaseMs` overrides the runner's lease for this kind: a quick job whose instance died is taken over
   * after it rather than after the default (a paid checkout's webhook must not wait a minute, issue #15).
   */
  register(kind: string, handler: JobHandler, options: { leaseMs?: number } = {}): void {
    this.handlers.set(kind, handler);
    if (options.leaseMs) this.leases[kind] = options.leaseMs / 1000;
  }

  /**
   * Makes sure a job exists; an existing job keeps its schedule (so a restart does not postpone or repeat
   * it), unless `reschedule` asks to move it (e.g. the site changed its lock time).
   */
  async schedule(
    key: string,
    kind: string,
    runAt: Date,
    payload: Record<string, unknown> = {},
    reschedule = false,
  ): Promise<void> {
    const insert = this.db.insert(scheduledJobs).values({ key, kind, runAt, payload });
    await (reschedule
      ? insert.onConflictDoUpdate({ target: scheduledJobs.key, set: { runAt, payload, kind } })
      : insert.onConflictDoNothing());
  }

  async cancel(key: string): Promise<void> {
    await this.db.delete(scheduledJobs).where(sql`${scheduledJobs.key} = ${key}`);
  }

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.runDue()
        .then(() => undefined)
        .catch((error: unknown) => this.log.error({ err: error }, 'job runner tick failed'))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(tick, this.options.pollMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Claims and runs every due job once; exposed for tests. Returns how many ran. */
  async runDue(limit = 20): Promise<number> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return 0;
    const claimed = await this.db.execute<{
      key: string;
      kind: string;
      run_at: Date | string;
      payload: Record<string, unknown>;
      attempts: number;
    }>(sql`
      UPDATE scheduled_jobs SET locked_by = ${this.owner},
        locked_until = now() + make_interval(secs => coalesce(
          (${JSON.stringify(this.leases)}::jsonb ->> kind)::double precision, ${this.options.leaseMs / 1000})),
        attempts = attempts + 1
      WHERE key IN (
        SELECT key FROM scheduled_jobs
        WHERE run_at <= now() AND (locked_until IS NULL OR locked_until < now())
          AND kind = ANY(${sql.param(kinds)}::text[])
        ORDER BY run_at LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING key, kind, run_at, payload, attempts`);
    for (const raw of claimed.rows) {
      const job: ClaimedJob = {
        key: raw.key,
        kind: raw.kind,
        runAt: new Date(raw.run_at),
        payload: raw.payload,
        attempts: raw.attempts,
      };
      await this.run(job);
    }
    return claimed.rows.length;
  }

  /** How many runs of each kind this instance made: with several instances, the counts add up to one run each. */
  runCounts(): Record<string, number> {
    return { ...this.runs };
  }

  private async run(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    this.runs[job.kind] = (this.runs[job.kind] ?? 0) + 1;
    const mine = sql`${scheduledJobs.key} = ${job.key} AND ${scheduledJobs.lockedBy} = ${this.owner}`;
    try {
      const next = await handler(job);
      if (next === null) {
        await this.db.delete(scheduledJobs).where(mine);
      } else {
        const { runAt, payload } = next instanceof Date ? { runAt: next, payload: job.payload } : next;
        await this.db
          .update(scheduledJobs)
          .set({
            runAt,
            payload,
            attempts: 0,
            lastError: null,
            lockedBy: null,
            lockedUntil: null,
            lastRunAt: sql`now()`,
          })
          .where(mine);
      }
    } catch (error) {
      const delay = Math.min(this.options.backoffMs * 2 ** (job.attempts - 1), this.options.maxBackoffMs);
      this.log.error({ err: error, job: job.key, attempts: job.attempts }, 'job failed; retrying later');
      await this.db
        .update(scheduledJobs)
        .set({
          runAt: new Date(Date.now() + delay),
          lastError: error instanceof Error ? error.message : String(error),
          lockedBy: null,
          lockedUntil: null,
        })
        .where(mine);
    }
  }
}
