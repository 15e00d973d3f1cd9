import type { AckMessage, ConfigAckMessage, SystemLogMessage } from '@fairway/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { DomainEventBus } from '../../lib/events';
import { RetryStopped, retryWhileDatabaseDown } from '../../lib/retry';
import { changeFromConfigAck, changeFromStatus } from './device-change';
import { poolOf, writeDeviceStates } from './device-state-sql';
import {
  DeviceStateWriter,
  type DeviceStateWriterOptions,
  type DeviceStateWriterStats,
} from './device-state-writer';
import type { InboundMessage } from './inbound-message';

/**
 * Where acknowledgements go: the commands service (a command's answer) and the device config service (a
 * config applied); and the device logs service, which stores carts' system log lines. They are built after the gateway, because they publish through it; the composition root
 * plugs them in with `attach`.
 */
export interface DeviceAckSinks {
  commandAck(deviceId: string, ack: AckMessage, receivedAt: number): Promise<void> | void;
  configAck(deviceId: string, ack: ConfigAckMessage): Promise<void> | void;
  /** A batch of the cart's system log lines (channel `log`), stored once however often delivered. */
  systemLog(deviceId: string, batch: SystemLogMessage): Promise<void> | void;
}

export interface DispatchMeta {
  /** When the message arrived (epoch ms): one clock, the server's, orders a cart's messages. */
  receivedAt: number;
  /** The broker replayed a retained message because the server (re)subscribed. */
  retained: boolean;
}

/** One control message's handling, by the message's identity (channel, cart and payload). */
interface Handling {
  done: Promise<void>;
  at: number;
}

/**
 * The same message redelivered while it is still being handled (the connection dropped meanwhile) or just
 * after (its PUBACK was lost) joins the first handling instead of acting twice; ten minutes' worth are kept.
 */
const RECENT_MS = 10 * 60_000;

/**
 * The one road every validated device message takes into the server:
 *
 *   telemetry, status, config/ack version → the state writer (batched) → `device.updated` (the stored row)
 *   ack                                   → the commands service       → `command.updated`
 *   config/ack                            → the device config service
 *   event                                 → `device.event`, awaited    → code rides, zone alerts
 *   log                                   → the device logs service (system log lines)
 *
 * `dispatch` answers null for state, which needs no answer to the broker (QoS 0 telemetry; a status is
 * stored by the next flush), and a promise for the control messages, which the gateway waits for before it
 * tells the broker the message was received (PUBACK). That promise settles once the message is handled: its
 * handling is tried again while the database is away (so a server that stops meanwhile is sent the message
 * again: nothing is acknowledged before it is stored), and any other failure is counted, logged and the
 * message let go. Handlers and reactions must therefore be idempotent, and quick: the cart's next message
 * waits (the gateway handles one cart's messages in order, different carts' side by side).
 *
 * Reactions subscribe to domain events whose payloads are stored rows and protocol types, never an API
 * shape; the HTTP and socket presenters run only at the edges.
 */
export class DeviceMessageDispatcher {
  private readonly writer: DeviceStateWriter;
  private sinks: Partial<DeviceAckSinks> = {};
  private markAttached!: () => void;
  /**
   * Acks queued in the server's broker session arrive right after it connects, before the services that
   * take them exist: their handling waits for this (the broker gets no PUBACK meanwhile, so nothing is lost).
   */
  private readonly attached = new Promise<void>((resolve) => (this.markAttached = resolve));
  private readonly recent = new Map<string, Handling>();
  private stopped = false;
  private failures = 0;

  constructor(
    db: Db,
    private readonly bus: DomainEventBus,
    private readonly log: Logger,
    writerOptions: Partial<DeviceStateWriterOptions> = {},
  ) {
    const pool = poolOf(db);
    this.writer = new DeviceStateWriter(
      (changes, positions) => writeDeviceStates(pool, changes, positions),
      log,
      (rows) => {
        for (const row of rows) bus.emit('device.updated', row);
      },
      writerOptions,
    );
  }

  /**
   * Plugs in the services that take acknowledgements: the composition root, once they exist and the
   * reactions to cart events subscribed. Called again (tests, bench), it replaces the sinks it names.
   */
  attach(sinks: Partial<DeviceAckSinks>): void {
    this.sinks = { ...this.sinks, ...sinks };
    this.markAttached();
  }

  dispatch(inbound: InboundMessage, { receivedAt, retained }: DispatchMeta): Promise<void> | null {
    const { deviceId } = inbound;
    switch (inbound.channel) {
      case 'telemetry':
        this.writer.enqueueTelemetry(deviceId, inbound.message, receivedAt);
        return null;
      case 'status':
        this.writer.enqueue(changeFromStatus(deviceId, inbound.message, receivedAt, retained));
        return null;
      case 'config/ack': {
        this.log.info({ deviceId, config: inbound.message }, 'config acknowledged');
        const change = changeFromConfigAck(deviceId, inbound.message);
        if (change) this.writer.enqueue(change);
        return this.handle(inbound, async () => {
          await this.attached;
          await this.sinks.configAck?.(deviceId, inbound.message);
        });
      }
      case 'ack':
        this.log.info({ deviceId, ack: inbound.message }, 'command acknowledged');
        return this.handle(inbound, async () => {
          await this.attached;
          await this.sinks.commandAck?.(deviceId, inbound.message, receivedAt);
        });
      case 'event':
        this.log.info({ deviceId, event: inbound.message }, 'device event');
        // The reactions subscribed before the sinks were attached: waiting for the sinks waits for them.
        return this.handle(inbound, async () => {
          await this.attached;
          await this.bus.emitAndWait('device.event', deviceId, inbound.message);
        });
      case 'log':
        // Stored before the PUBACK; a redelivered batch adds nothing (its lines are unique per batch).
        return this.handle(inbound, async () => {
          await this.attached;
          await this.sinks.systemLog?.(deviceId, inbound.message);
        });
    }
  }

  /** Control messages whose handling failed for good (not the database being away), and the writer's figures. */
  stats(): { handlerFailures: number; writer: DeviceStateWriterStats } {
    return { handlerFailures: this.failures, writer: this.writer.stats() };
  }

  /** Stops retrying handlings (they stay unacknowledged, for the next start); the gateway calls it first. */
  stopHandling(): void {
    this.stopped = true;
  }

  /** Writes what is still pending; the gateway calls it after it disconnected. */
  close(): Promise<void> {
    this.stopped = true;
    return this.writer.close();
  }

  private handle(inbound: InboundMessage, run: () => Promise<void>): Promise<void> {
    const now = Date.now();
    for (const [key, entry] of this.recent) {
      if (now - entry.at < RECENT_MS) break;
      this.recent.delete(key);
    }
    const key = `${inbound.channel}\n${inbound.deviceId}\n${JSON.stringify(inbound.message)}`;
    const seen = this.recent.get(key);
    if (seen) return seen.done;
    const done = this.untilHandled(inbound, run);
    this.recent.set(key, { done, at: now });
    // A handling stopped by shutdown is not done: the redelivery at the next start must run it.
    done.catch(() => this.recent.delete(key));
    return done;
  }

  /** Rejects only when the server stops first, so that no PUBACK goes out for an unstored message. */
  private async untilHandled({ channel, deviceId }: InboundMessage, run: () => Promise<void>): Promise<void> {
    try {
      await retryWhileDatabaseDown(run, {
        log: this.log,
        what: `handling a device ${channel}`,
        context: { deviceId },
        stopped: () => this.stopped,
      });
    } catch (error) {
      if (error instanceof RetryStopped) throw error;
      this.failures += 1;
      this.log.error({ err: error, channel, deviceId }, 'device message handler failed');
    }
  }
}
