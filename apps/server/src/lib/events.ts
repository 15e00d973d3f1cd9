import { EventEmitter } from 'node:events';
import type { CartView, CommandView, ZoneAlert, ZoneView } from '@fairway/domain';
import type { EventMessage } from '@fairway/domain';

/**
 * Domain events services emit. Only gateways (realtime, devices) listen and turn them into socket or MQTT
 * traffic, so services never know about transports.
 */
export interface DomainEvents {
  'device.updated': [device: CartView];
  'command.updated': [command: CommandView];
  'zones.updated': [siteId: string, zones: ZoneView[]];
  'zone.alert': [alert: ZoneAlert];
  /** A cart reported an event of its own (keypad/rfid unlock, refused code, zone enter/exit, key alarm). */
  'device.event': [deviceId: string, event: EventMessage];
  /** A ride opened, was confirmed, paused, resumed, ended or deleted (issue #6); listeners load what they show. */
  'ride.updated': [rideId: string, siteId: string];
  /** A user's sessions ended, or their role or sites changed, or they were removed: sockets are re-checked. */
  'user.access.changed': [userId: string];
}

export class DomainEventBus extends EventEmitter<DomainEvents> {
  constructor() {
    super();
    // Every socket room and gateway subscribes once; a high fan-in of listeners is expected.
    this.setMaxListeners(100);
  }
}
