import type { AckMessage, ConfigAckMessage, EventMessage } from '@fairway/domain';

/**
 * Services that want a cart's control traffic plug in here: the gateway validates and logs every message,
 * records the acked config version itself, then calls the handler of the channel (command persistence
 * takes `ack`, rides and activity take `event`). A handler that throws is logged; the gateway carries on.
 */
export interface DeviceMessageHandlers {
  ack: (deviceId: string, message: AckMessage) => void | Promise<void>;
  'config/ack': (deviceId: string, message: ConfigAckMessage) => void | Promise<void>;
  event: (deviceId: string, message: EventMessage) => void | Promise<void>;
}

export type HandledChannel = keyof DeviceMessageHandlers;
