import { EventEmitter } from 'node:events';
import type { EventMessage, RideOverrunAlert, SimResetProgress, ZoneAlert, ZoneView } from '@fairway/domain';
import type { CommandRow } from '../db/tables/commands';
import type { siteCourses } from '../db/tables/courses';
import type { damageReports } from '../db/tables/damage-reports';
import type { DeviceRow } from '../db/tables/devices';
import type { deviceLogs } from '../db/tables/device-logs';
import type { rides } from '../db/tables/rides';

/** A cart's open ride (the open-ride index allows one) and the newest lock/unlock sent since it was created. */
export interface OpenRideState {
  ride: typeof rides.$inferSelect | null;
  lastCommand: CommandRow | null;
}

/** The cart with its open ride: what the ride lifecycle's reactions decide from. */
export interface CartRideState extends OpenRideState {
  device: DeviceRow;
}

/** The names a ride's views show beside its row (`RideWithNames` in rides/ride-views.repository.ts). */
export interface RideNames {
  carName: string;
  currency: string;
  /** the site's 'lat, long', where the detail map centres without a trail */
  centerLatLong: string;
  serviceName: string | null;
  /** the service's duration, minutes: when the ride is due (issue 23) */
  serviceDuration: number | null;
  /** the site's grace before an overdue ride is alerted, minutes (issue 23) */
  overrunGraceMinutes: number;
  priceName: string | null;
  unlockedByEmail: string | null;
}

/**
 * Domain events. Services and the device dispatcher emit them; the socket gateway turns them into socket
 * traffic (presenting rows at that edge), and the reactions to carts (code rides and the ride lifecycle,
 * zone alerts) subscribe to them, so no service knows about transports or about who reacts. Payloads are
 * stored rows and protocol types from the domain package, never an HTTP presenter's shape.
 */
export interface DomainEvents {
  /** A cart's stored state changed (a report, a status, an answered command, a ride, an operator's edit). */
  'device.updated': [device: DeviceRow];
  /**
   * A command was stored, sent or ended. The statement that stored a lock or unlock's answer also read the
   * cart's open ride as that answer left it (`cart`), for the ride lifecycle's reaction to start from.
   */
  'command.updated': [command: CommandRow, cart?: CartRideState];
  /** A cart's answer to a WiFi scan or a log request was stored (issue 20), with the site the cart is in. */
  'device.log': [log: typeof deviceLogs.$inferSelect, siteId: string];
  'zones.updated': [siteId: string, zones: ZoneView[]];
  'zone.alert': [alert: ZoneAlert];
  /** A site's course layout was saved (issue 23): the stored row, the whole layout. */
  'course.updated': [course: typeof siteCourses.$inferSelect];
  /**
   * A cart reported an event of its own (keypad/rfid unlock, refused code, zone enter/exit, key alarm).
   * Emitted with `emitAndWait`: the broker is told the event was received once every reaction settled.
   */
  'device.event': [deviceId: string, event: EventMessage];
  /**
   * A ride opened, was confirmed, paused, resumed, ended or deleted (issue #6); listeners load what they show.
   * The stored row comes along when the emitter holds it as its change stored it (a manual ride's opening),
   * for listeners that can show it without a read; with the names its views show, when the change read them.
   */
  'ride.updated': [rideId: string, siteId: string, stored?: typeof rides.$inferSelect, names?: RideNames];
  /** A ride ran past its service's duration plus its site's grace (issue 23): once per ride. */
  'ride.overrun': [alert: RideOverrunAlert];
  /** A booking or maintenance block was made, moved, changed, cancelled or ended (issue #17). */
  'booking.updated': [bookingId: string, siteId: string];
  /** A guest reported a problem with a cart, or staff resolved a report (issue 23): the stored row. */
  'damage-report.updated': [report: typeof damageReports.$inferSelect];
  /** A tracker's SIM reset moved on a step, finished or failed (issue 20): pushed to the tracker's site room. */
  'sim.reset': [progress: SimResetProgress, siteId: string];
  /** A user's sessions ended, or their role or sites changed, or they were removed: sockets are re-checked. */
  'user.access.changed': [userId: string];
}

export class DomainEventBus extends EventEmitter<DomainEvents> {
  constructor() {
    super();
    // Every socket room and gateway subscribes once; a high fan-in of listeners is expected.
    this.setMaxListeners(100);
  }

  /**
   * Calls every listener and waits until all have settled; rejects with the first failure once all did.
   * For events whose receipt is acknowledged to someone outside (a cart's event to the broker): listeners
   * return the promise of their work, and handle the database being away themselves (retrying), because a
   * rejection makes the caller run every listener again.
   */
  async emitAndWait<K extends keyof DomainEvents>(event: K, ...args: DomainEvents[K]): Promise<void> {
    const listeners = this.listeners(event) as Array<(...a: DomainEvents[K]) => unknown>;
    const results = await Promise.allSettled(listeners.map(async (listener) => listener(...args)));
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  }
}
