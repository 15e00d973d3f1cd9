/** How many lines a tracker keeps: enough for the last few rides, commands and reconnects. */
const CAPACITY = 50;

export type LogLevel = 'I' | 'W' | 'E';

/**
 * The tracker's own recent log, as a ring buffer of finished lines, returned by the request-log command
 * (code 6). Only notable things are logged (boot, link, commands, configs, zones, rides), never each
 * report, so 2,000 carts keep their logs for little memory and time.
 */
export class DeviceLog {
  private readonly entries: string[] = [];
  private next = 0;

  add(ts: number, level: LogLevel, text: string): void {
    const line = `${new Date(ts).toISOString()} ${level} ${text}`;
    if (this.entries.length < CAPACITY) this.entries.push(line);
    else this.entries[this.next] = line;
    this.next = (this.next + 1) % CAPACITY;
  }

  /** Oldest first. */
  lines(): string[] {
    return this.entries.length < CAPACITY
      ? [...this.entries]
      : [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)];
  }
}
