import { randomUUID } from 'node:crypto';
import type { SystemLogMessage } from '@fairway/domain';

/** How many lines a tracker keeps for the log request: enough for the last few rides, commands and reconnects. */
const CAPACITY = 50;
/** Lines waiting to be sent on `log` while the link is down; older ones are dropped (flash is small). */
const PENDING_CAPACITY = 400;
/** Lines per `log` message (the protocol's maximum: a batch stays far under the broker's 16 KB). */
export const LOG_BATCH_LINES = 40;
/** The protocol's longest line. */
const MAX_LINE = 300;

export type LogLevel = 'I' | 'W' | 'E';

/**
 * The tracker's own log. The last lines, as a ring buffer of finished lines, go with the request-log command
 * (code 6); every line is also queued for the `log` channel, which the device sends in batches. Only notable
 * things are logged (boot, link, commands, configs, zones, rides), never each report, so 2,000 carts keep
 * their logs for little memory and send them for little traffic.
 */
export class DeviceLog {
  private readonly entries: string[] = [];
  private next = 0;
  private pending: SystemLogMessage['lines'] = [];

  add(ts: number, level: LogLevel, text: string): void {
    const body = `${level} ${text}`.slice(0, MAX_LINE);
    const line = `${new Date(ts).toISOString()} ${body}`.slice(0, MAX_LINE);
    if (this.entries.length < CAPACITY) this.entries.push(line);
    else this.entries[this.next] = line;
    this.next = (this.next + 1) % CAPACITY;
    // Protocol times are whole milliseconds; a simulated clock may not be.
    this.pending.push({ ts: Math.round(ts), body });
    if (this.pending.length > PENDING_CAPACITY) this.pending = this.pending.slice(-PENDING_CAPACITY);
  }

  /** Oldest first. */
  lines(): string[] {
    return this.entries.length < CAPACITY
      ? [...this.entries]
      : [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)];
  }

  /** Lines not yet sent on `log`. */
  get unsent(): number {
    return this.pending.length;
  }

  /** The oldest unsent lines (at most LOG_BATCH_LINES) as a `log` message with a fresh id; null when none. */
  takeBatch(): SystemLogMessage | null {
    if (this.pending.length === 0) return null;
    const lines = this.pending.slice(0, LOG_BATCH_LINES);
    this.pending = this.pending.slice(lines.length);
    return { id: randomUUID(), lines };
  }
}
