import type { BookingView } from './schemas/bookings';
import type { CommandView } from './schemas/commands';
import type { CourseView } from './schemas/course';
import type { DamageReportView } from './schemas/damage-reports';
import type { CartView } from './schemas/devices';
import type { DeviceLogView } from './schemas/device-logs';
import type { GuestRideView, RideView } from './schemas/rides';
import type { SimResetProgress } from './schemas/sim-cards';
import type { ZoneView } from './schemas/zones';

/**
 * Typed Socket.IO event maps shared by the realtime gateway and the web app.
 * Acknowledgement callbacks answer `{ ok: false, message }` on refusal so the client can show why.
 */
export type SocketAck<T = undefined> = (
  result: { ok: true; data: T } | { ok: false; message: string },
) => void;

export interface ClientToServerEvents {
  'join:site': (siteId: string, ack?: SocketAck) => void;
  'leave:site': (siteId: string, ack?: SocketAck) => void;
  'get:site:devices': (siteId: string, ack?: SocketAck<CartView[]>) => void;
  /** The site's open rides (active and paused), answered and also emitted as `site:rides`. */
  'get:site:activerides': (siteId: string, ack?: SocketAck<RideView[]>) => void;
}

export interface ServerToClientEvents {
  /** The full device list of a site, answer to `get:site:devices`. */
  'site:devices': (payload: { siteId: string; devices: CartView[] }) => void;
  /**
   * Carts of one site changed (telemetry, status, lock): every cart that changed since the site's last push,
   * each once, in one event (a telemetry flush changes hundreds at once). Each view replaces its cart whole.
   */
  'device:updates': (payload: { siteId: string; devices: CartView[] }) => void;
  /** A command changed state (sent, acknowledged, failed, expired): the moment the cart answers. */
  'command:update': (command: CommandView) => void;
  /** A cart answered a WiFi scan or a log request (issue 20): the stored answer, as GET …/logs lists it. */
  'device:log': (log: DeviceLogView) => void;
  /** The site's zones changed (created, edited, deleted or published). */
  'zones:update': (payload: { siteId: string; zones: ZoneView[] }) => void;
  /** A cart entered a restriction zone (reported by the cart, which also sounds its zone buzzer). */
  'zone:alert': (alert: ZoneAlert) => void;
  /** A tracker's SIM reset moved on a step, finished or failed (issue 20; superadmins watch it in the device manager). */
  'sim:reset': (progress: SimResetProgress) => void;
  /** The site's open rides, answer to `get:site:activerides`. */
  'site:rides': (payload: { siteId: string; rides: RideView[] }) => void;
  /** A ride started, paused, resumed, ended or was deleted (`deleted: true`): the whole ride. */
  'ride:update': (ride: RideView) => void;
  /** A booking or maintenance block was made, moved, changed, unlocked or cancelled (status `cancelled`). */
  'booking:update': (booking: BookingView) => void;
  /** The site's course layout was saved (issue 23): the whole course. */
  'course:update': (course: CourseView) => void;
  /** A ride ran past its service's duration plus the site's grace (issue 23), once per ride. */
  'ride:overrun': (alert: RideOverrunAlert) => void;
  /** A guest reported a problem with a cart, or staff resolved a report (issue 23): the whole report. */
  'damage-report:update': (report: DamageReportView) => void;
}

/**
 * The guest namespace (`/guest`): no login. A guest joins the updates room of their own ride by its id (the
 * session id is the capability: an unguessable UUID the guest got from unlocking or paying).
 */
export interface GuestClientToServerEvents {
  'join-ride-updates': (sessionId: string, ack?: SocketAck<GuestRideView>) => void;
  'leave-ride-updates': (sessionId: string, ack?: SocketAck) => void;
}

export interface GuestServerToClientEvents {
  /** The guest's ride changed: the whole guest view. */
  'ride:update': (ride: GuestRideView) => void;
}

export interface ZoneAlert {
  siteId: string;
  deviceId: string;
  carNumber: string | null;
  zoneId: string;
  zoneType: 'parking' | 'restriction' | 'geofence';
  /** 'enter' raises the alert, 'exit' clears the highlighted marker. */
  kind: 'enter' | 'exit';
  ts: string;
}

/** Staff's live alert that a ride is overdue (issue 23). */
export interface RideOverrunAlert {
  siteId: string;
  rideId: string;
  deviceId: string;
  carNumber: string | null;
  /** when the ride should have ended: start + service duration + pause time (grace not included) */
  dueAt: string;
  /** the hole the cart is nearest (rules/course holeAt), null off the course or without a layout */
  hole: number | null;
  ts: string;
}
