import type { Random } from './random';

/** How long a tracker takes from receiving a command to answering it: modem, MCU and actuator time. */
export const REALISTIC_ACK_LATENCY_MS: readonly [number, number] = [150, 600];

export interface AnswerQueueOptions<T> {
  /** the range each item's latency is drawn from; [0, 0] answers synchronously when nothing waits */
  latencyMs: readonly [number, number];
  random: Random;
  clock: () => number;
  answer: (item: T) => void;
}

/**
 * Answers commands in the order they were received (protocol §3.4, rule 4), each no sooner than its
 * latency after it arrived: drawn from a range (realistic by default, seeded), or fixed by a test. A quick
 * command behind a slow one waits for it, as on a tracker that handles one command at a time.
 */
export class AnswerQueue<T> {
  private readonly options: AnswerQueueOptions<T>;
  private readonly waiting: Array<{ item: T; dueAt: number }> = [];
  private fixedMs: number | null = null;

  constructor(options: AnswerQueueOptions<T>) {
    this.options = options;
  }

  /** A fixed latency from now on; null goes back to the drawn one. */
  fixLatency(ms: number | null): void {
    this.fixedMs = ms === null ? null : Math.max(0, ms);
  }

  push(item: T): void {
    const latencyMs = this.nextLatencyMs();
    if (latencyMs === 0 && this.waiting.length === 0) {
      this.options.answer(item);
      return;
    }
    this.waiting.push({ item, dueAt: this.options.clock() + latencyMs });
    if (this.waiting.length === 1) this.scheduleHead();
  }

  private scheduleHead(): void {
    const head = this.waiting[0];
    if (!head) return;
    setTimeout(
      () => {
        this.waiting.shift();
        this.options.answer(head.item);
        this.scheduleHead();
      },
      Math.max(0, head.dueAt - this.options.clock()),
    );
  }

  private nextLatencyMs(): number {
    if (this.fixedMs !== null) return this.fixedMs;
    const [min, max] = this.options.latencyMs;
    return max <= min ? Math.max(0, min) : this.options.random.between(min, max);
  }
}
