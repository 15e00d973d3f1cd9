import type { Logger } from 'pino';
import type { UsageDelta } from './clients.repository';

/** How long counted uses wait in memory before they are written (and at most lost if the process dies). */
export const USAGE_FLUSH_MS = 5_000;

/**
 * Counts API key uses in memory and writes them in one statement every few seconds, so a booking system's
 * burst of calls costs no row write (and no lock on its client's row) per request. Whoever reads the counts
 * (the admin list) flushes first, and closing the server flushes what is left.
 */
export class ApiKeyUsage {
  private pending = new Map<string, UsageDelta>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (deltas: UsageDelta[]) => Promise<void>,
    private readonly log: Logger,
    private readonly flushMs = USAGE_FLUSH_MS,
  ) {}

  count(clientId: string, at = new Date()): void {
    const delta = this.pending.get(clientId);
    if (delta) {
      delta.count++;
      delta.lastUsedAt = at;
    } else this.pending.set(clientId, { clientId, count: 1, lastUsedAt: at });
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /** Writes every count so far; flushes run one after another, so none is written twice or lost between. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flushing = this.flushing.then(async () => {
      const deltas = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.write(deltas);
      } catch (error) {
        // Put them back for the next flush rather than lose a busy minute's counts to one failed write.
        for (const delta of deltas) {
          const later = this.pending.get(delta.clientId);
          this.pending.set(delta.clientId, {
            clientId: delta.clientId,
            count: delta.count + (later?.count ?? 0),
            lastUsedAt: later?.lastUsedAt ?? delta.lastUsedAt,
          });
        }
        this.log.warn({ err: error }, 'API key usage not written; retrying with the next flush');
      }
    });
    return this.flushing;
  }
}
