import type { AckMessage, ConfigAckMessage, EventMessage } from '@fairway/domain';

/**
 * Services that want a cart's control traffic plug in here: the gateway validates and logs every message,
 * records the acked config version itself, then calls the handler of the channel (command persistence
 * takes `ack`, rides and activity take `event`) with the time the message arrived (epoch ms).
 *
 * The broker is told the message was received (PUBACK) only once its handler has settled: a handler
 * that fails because the database is away is tried again until it succeeds (the message stays
 * unacknowledged meanwhile, so a server that stops is sent it again), and any other failure is logged and
 * the message let go. Handlers must therefore be idempotent, and quick: the next message waits.
 */
export interface DeviceMessageHandlers {
  ack: (deviceId: string, message: AckMessage, receivedAt: number) => void | Promise<void>;
  'config/ack': (deviceId: string, message: ConfigAckMessage, receivedAt: number) => void | Promise<void>;
  event: (deviceId: string, message: EventMessage, receivedAt: number) => void | Promise<void>;
}

export type HandledChannel = keyof DeviceMessageHandlers;
