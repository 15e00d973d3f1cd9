import type { Logger } from 'pino';
import { isTransientDatabaseError } from './pg-errors';

export interface RetryOptions {
  log: Logger;
  /** What is being done, for the log. */
  what: string;
  /** Log fields that identify the work. */
  context?: Record<string, unknown>;
  /** Stops retrying (the work is left undone) once this says so: the process is shutting down. */
  stopped?: () => boolean;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/** Thrown when `stopped()` ended the retries before the work succeeded. */
export class RetryStopped extends Error {
  constructor(what: string) {
    super(`${what}: stopped before it could be done`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` until it succeeds while its failures are the database's (away, restarting, a rolled-back
 * transaction), waiting longer between tries up to `maxDelayMs`; any other failure is thrown at once (a bug
 * retried forever would hold everything behind it). The work must be idempotent: a try whose commit
 * reached the database before the connection broke is tried again.
 */
export async function retryWhileDatabaseDown<T>(work: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { log, what, context, stopped } = options;
  let delay = options.firstDelayMs ?? 200;
  const maxDelay = options.maxDelayMs ?? 5_000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isTransientDatabaseError(error)) throw error;
      if (stopped?.()) throw new RetryStopped(what);
      if (attempt === 1 || attempt % 10 === 0)
        log.warn({ ...context, err: error, attempt }, `${what}: database unavailable, retrying`);
      await sleep(delay);
      if (stopped?.()) throw new RetryStopped(what);
      delay = Math.min(delay * 2, maxDelay);
    }
  }
}
