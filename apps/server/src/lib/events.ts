import { EventEmitter } from 'node:events';
import type { CartView } from '@fairway/domain';

/**
 * Domain events services emit. Only gateways (realtime, devices) listen and turn them into socket or MQTT
 * traffic, so services never know about transports.
 */
export interface DomainEvents {
  'device.updated': [device: CartView];
}

export class DomainEventBus extends EventEmitter<DomainEvents> {
  constructor() {
    super();
    // Every socket room and gateway subscribes once; a high fan-in of listeners is expected.
    this.setMaxListeners(100);
  }
}
