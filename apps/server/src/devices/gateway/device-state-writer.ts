import type { TelemetryMessage } from '@fairway/domain';
import type { Logger } from 'pino';
import type { DeviceRow } from '../../db/tables/devices';
import { changeFromTelemetry, foldTelemetry, mergeChanges, type DeviceChange } from './device-change';
import { PositionColumns } from './position-columns';

/** Stores one batch in one transaction and returns the stored device rows (`writeDeviceStates`). */
export type WriteBatch = (changes: DeviceChange[], positions: PositionColumns) => Promise<DeviceRow[]>;

export interface DeviceStateWriterOptions {
  /**
   * The longest a message waits before its flush starts (default 20 ms). Under load batches grow by
   * themselves, because only one flush runs at a time and everything that arrives meanwhile joins the next;
   * this linger only sets how small they may be when traffic is light, i.e. the latency floor (bench: at
   * 2,000 msg/s, 50 ms gave p50 ≈ 50 ms and p99 ≈ 115 ms, 20 ms gave p50 ≈ 26 ms and p99 ≈ 85 ms).
   */
  flushIntervalMs: number;
  /** A flush starts at once when this many messages are pending (default 1,000). */
  flushAtMessages: number;
  /**
   * Positions written per flush; a backlog is worked off in chunks of this size (default 10,000). Every flush
   * of a backlog also writes, returns and pushes each reporting cart once, so bigger chunks cost less per
   * message (bench (a), docs/performance.md); the devices' row locks an acknowledgement waits for are held
   * for the update only, which does not grow with the positions.
   */
  maxPositionsPerFlush: number;
  /** Pending positions above this are logged as a warning: the database is not keeping up (default 20,000). */
  highWaterMark: number;
  /**
   * Hard bound on pending positions (default 200,000 ≈ 40 s at 5,000 msg/s, ~30 MB). Beyond it the oldest are
   * dropped, counted and logged: memory must stay bounded through a long database outage.
   */
  maxPendingPositions: number;
}

export interface DeviceStateWriterStats {
  messages: number;
  flushes: number;
  failedFlushes: number;
  positionsWritten: number;
  devicesWritten: number;
  droppedPositions: number;
  pendingPositions: number;
  pendingDevices: number;
  lastFlushMs: number;
  /**
   * Slowest flush that ended in the last second (`SLOWEST_FLUSH_WINDOW_MS`): the tail a latency figure cannot
   * show. Reading it changes nothing: the bench and `/api/admin/instance` both read these stats, and a reset
   * on read made each hide the other's flushes.
   */
  slowestFlushMs: number;
}

const DEFAULTS: DeviceStateWriterOptions = {
  flushIntervalMs: 20,
  flushAtMessages: 1_000,
  maxPositionsPerFlush: 10_000,
  highWaterMark: 20_000,
  maxPendingPositions: 200_000,
};
const RETRY_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 5_000];
/** The window of `slowestFlushMs`. */
export const SLOWEST_FLUSH_WINDOW_MS = 1_000;
const WARN_EVERY_MS = 10_000;

/**
 * Batches device state: status, telemetry and config acks of all carts are coalesced per device and written
 * by one flush (one UPDATE for the devices, one INSERT for the positions, one transaction) every
 * `flushIntervalMs` or `flushAtMessages`, whichever comes first. One flush runs at a time, so a device's
 * changes reach the database in arrival order; status goes through here too, or a last will could be
 * overtaken by a report still waiting for its flush. A failed flush is put back in front of what came
 * since and retried with backoff: nothing is lost while memory allows (see `maxPendingPositions`).
 */
export class DeviceStateWriter {
  private readonly options: DeviceStateWriterOptions;
  private changes = new Map<string, DeviceChange>();
  private positions = new PositionColumns();
  /** When the oldest message still waiting arrived (0 when nothing waits). */
  private oldestPendingAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  private failuresInARow = 0;
  private retryAt = 0;
  private closing = false;
  private lastWarnAt = 0;
  private readonly counters = {
    messages: 0,
    flushes: 0,
    failedFlushes: 0,
    positionsWritten: 0,
    devicesWritten: 0,
    droppedPositions: 0,
    lastFlushMs: 0,
  };
  /** The flushes that ended in the last `SLOWEST_FLUSH_WINDOW_MS`: when, and how long each took. */
  private recentFlushes: Array<{ at: number; ms: number }> = [];

  constructor(
    private readonly write: WriteBatch,
    private readonly log: Logger,
    /** Called after each commit with the stored rows of every device the flush touched. */
    private readonly onWritten: (rows: DeviceRow[]) => void,
    options: Partial<DeviceStateWriterOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** A status or a config version for the cart's next flush. */
  enqueue(change: DeviceChange): void {
    if (this.isEmpty()) this.oldestPendingAt = Date.now();
    this.counters.messages += 1;
    const pending = this.changes.get(change.deviceId);
    this.changes.set(change.deviceId, pending ? mergeChanges(pending, change) : change);
    this.schedule();
  }

  /**
   * A report: its state folds onto the cart's pending change in place, and its position joins the columns under
   * the cart id the change holds, so the report's own objects die young (issue 22, "Less garbage per message").
   */
  enqueueTelemetry(deviceId: string, message: TelemetryMessage, receivedAt: number): void {
    if (this.isEmpty()) this.oldestPendingAt = Date.now();
    this.counters.messages += 1;
    let pending = this.changes.get(deviceId);
    if (pending) foldTelemetry(pending, message, receivedAt);
    else this.changes.set(deviceId, (pending = changeFromTelemetry(deviceId, message, receivedAt)));
    this.positions.push(pending.deviceId, message);
    this.bound();
    this.schedule();
  }

  stats(): DeviceStateWriterStats {
    const since = Date.now() - SLOWEST_FLUSH_WINDOW_MS;
    return {
      ...this.counters,
      slowestFlushMs: Math.max(0, ...this.recentFlushes.filter((f) => f.at >= since).map((f) => f.ms)),
      pendingPositions: this.positions.length,
      pendingDevices: this.changes.size,
    };
  }

  /** Waits for the running flush, then writes everything still pending (a few attempts), then stops. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
    for (let attempt = 0; !this.isEmpty() && attempt < 5; attempt++) {
      await this.flush().then(
        (rows) => this.deliver(rows),
        async (error: unknown) => {
          this.log.error({ err: error, attempt }, 'final device state flush failed');
          await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt] ?? 1_000));
        },
      );
    }
    if (!this.isEmpty()) {
      this.log.error(
        { positions: this.positions.length, devices: this.changes.size },
        'device state lost at shutdown: the database did not accept the final flush',
      );
    }
  }

  private isEmpty(): boolean {
    return this.changes.size === 0 && this.positions.length === 0;
  }

  private schedule(): void {
    if (this.closing || this.inFlight || this.isEmpty()) return;
    const now = Date.now();
    const due = Math.max(this.oldestPendingAt + this.options.flushIntervalMs, this.retryAt);
    // A report adds a position and a device change, a status only a change: the larger count is the messages.
    const pending = Math.max(this.positions.length, this.changes.size);
    if ((pending >= this.options.flushAtMessages && now >= this.retryAt) || now >= due) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.start();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.schedule();
      }, due - now);
    }
  }

  private start(): void {
    const flight = this.flush().then(
      (rows) => {
        this.failuresInARow = 0;
        this.retryAt = 0;
        return rows;
      },
      (error: unknown) => {
        const delay = RETRY_DELAYS_MS[Math.min(this.failuresInARow, RETRY_DELAYS_MS.length - 1)]!;
        this.failuresInARow += 1;
        this.retryAt = Date.now() + delay;
        this.log.error(
          {
            err: error,
            attempt: this.failuresInARow,
            retryInMs: delay,
            pendingPositions: this.positions.length,
          },
          'device state flush failed; the batch is kept and retried',
        );
        return null;
      },
    );
    this.inFlight = flight.then((rows) => {
      this.inFlight = null;
      // The next batch goes to the database before this one is presented: PostgreSQL works on it while this
      // thread turns the stored rows into browser updates, instead of each waiting for the other (bench (a)).
      this.schedule();
      if (rows) this.deliver(rows);
    });
  }

  private deliver(rows: DeviceRow[]): void {
    try {
      this.onWritten(rows);
    } catch (error) {
      this.log.error({ err: error }, 'device state listener failed');
    }
  }

  /** Writes the next batch and answers its stored rows; the caller delivers them (`deliver`). */
  private async flush(): Promise<DeviceRow[]> {
    const positions = this.positions.take(this.options.maxPositionsPerFlush);
    const changes = this.changes;
    this.changes = new Map();
    const oldest = this.oldestPendingAt;
    // What stays behind is a backlog chunk (already due) or nothing; new arrivals restart the clock.
    this.oldestPendingAt = this.positions.length > 0 ? oldest : 0;
    const started = performance.now();
    let rows: DeviceRow[];
    try {
      rows = await this.write([...changes.values()], positions);
    } catch (error) {
      this.requeue(changes, positions, oldest);
      this.counters.failedFlushes += 1;
      throw error;
    }
    this.counters.flushes += 1;
    this.counters.positionsWritten += positions.length;
    this.counters.devicesWritten += rows.length;
    this.counters.lastFlushMs = performance.now() - started;
    const now = Date.now();
    this.recentFlushes = this.recentFlushes.filter((f) => f.at >= now - SLOWEST_FLUSH_WINDOW_MS);
    this.recentFlushes.push({ at: now, ms: this.counters.lastFlushMs });
    return rows;
  }

  /** Puts a failed batch back in front of what arrived meanwhile; the newer changes fold onto it. */
  private requeue(changes: Map<string, DeviceChange>, positions: PositionColumns, oldest: number): void {
    for (const [deviceId, newer] of this.changes) {
      const older = changes.get(deviceId);
      changes.set(deviceId, older ? mergeChanges(older, newer) : newer);
    }
    this.changes = changes;
    this.positions.prepend(positions);
    this.oldestPendingAt = oldest;
    this.bound();
  }

  private bound(): void {
    const pending = this.positions.length;
    const now = Date.now();
    if (pending > this.options.maxPendingPositions) {
      const excess = pending - this.options.maxPendingPositions;
      this.positions.take(excess);
      this.counters.droppedPositions += excess;
      if (now - this.lastWarnAt >= WARN_EVERY_MS) {
        this.lastWarnAt = now;
        this.log.error(
          { dropped: this.counters.droppedPositions, limit: this.options.maxPendingPositions },
          'position queue full: dropping the oldest positions until the database keeps up',
        );
      }
    } else if (pending > this.options.highWaterMark && now - this.lastWarnAt >= WARN_EVERY_MS) {
      this.lastWarnAt = now;
      this.log.warn(
        { pending, highWaterMark: this.options.highWaterMark },
        'position queue is growing: the database is not keeping up',
      );
    }
  }
}
