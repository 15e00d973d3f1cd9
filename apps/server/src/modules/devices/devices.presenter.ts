import {
  LIMITS,
  MAINTENANCE,
  currentBooking,
  displayLockStatus,
  formatLatLng,
  maySeeCodes,
  pendingUpdate,
  tripDistanceKm,
  type CartView,
  type RideOverrunMarkView,
  type Role,
} from '@fairway/domain';
import type { DeviceRow } from '../../db/tables/devices';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** What a cart's view shows of the open ride it is in use for (cart-activity-lookup.ts reads it). */
export interface OpenRideSummary {
  driverName: string | null;
  /** the cart's odometer (with its offset) when the ride started */
  startOdometer: number | null;
  /** what the overrun marks read of the ride (issue 23); null or absent when it cannot run late */
  overrun?: RideOverrunMarkView | null;
}

/**
 * The cart view with the driver and trip distance of the ride it is in use for, so the map pane, the fleet
 * and the Rides page say the same thing. A cart not in use shows none, whatever ride is still waiting. The
 * driver is the ride's, else the current booking's (issue 17); the display lock status (spec §4) reads the
 * view's bookings at `now`.
 */
export function withOpenRide(view: CartView, ride: OpenRideSummary | null, now = Date.now()): CartView {
  const current = view.inUse ? ride : null;
  const booking = currentBooking(view.bookings, now);
  const booked = booking && booking.bookingType !== MAINTENANCE ? booking : null;
  return {
    ...view,
    driverName: current?.driverName ?? (booked?.name || null),
    tripDistance: current ? tripDistanceKm(current.startOdometer, view.carOdometer) : null,
    overrun: current?.overrun ?? null,
    displayLockStatus: displayLockStatus(view, booking),
  };
}

/**
 * The one place a device row becomes the API/socket shape, with the open ride's driver and distance when
 * the caller read it (`ride`). Online means the broker says connected AND a
 * report arrived recently: a tracker whose last will got lost must not look online forever.
 */
export function toCartView(
  row: DeviceRow,
  now: number = Date.now(),
  ride: OpenRideSummary | null = null,
): CartView {
  const fresh =
    row.lastReportAt !== null && now - row.lastReportAt.getTime() < LIMITS.offlineAfterSeconds * 1000;
  const view: CartView = {
    _id: row.id,
    serial: row.serial,
    siteID: row.siteId,
    carNumber: row.carNumber,
    carName: row.carName,
    carIcon: row.carIcon,
    carNote: row.carNote,
    lockStatus: row.lockStatus === 0 ? 0 : 1,
    lockCode: row.lockCode,
    key: row.key === '1' ? '1' : '0',
    keyAlarm: row.keyAlarm === '1' ? '1' : '0',
    inUse: row.inUse,
    inService: row.inService,
    onlineStatus: row.online && fresh,
    gpsCoordinates: row.lat !== null && row.lng !== null ? formatLatLng(row.lat, row.lng) : null,
    gpsSpeed: row.speed,
    gpsLock: row.gpsLock,
    heading: row.heading,
    conType: row.conType === 'W' || row.conType === 'G' ? row.conType : null,
    wifiSignal: row.wifiSignal,
    gprsSignal: row.gprsSignal,
    battVoltage: row.battVoltage,
    battCharge: row.battCharge,
    carOdometer: row.odometer === null ? null : row.odometer + row.odometerOffset,
    carOdometerOffset: row.odometerOffset,
    uptime: row.uptime,
    deviceTemp: row.temp,
    firmware: row.firmware,
    firmwareStatus: row.firmwareStatus,
    timeUTC: iso(row.lastReportAt),
    connectedAt: iso(row.connectedAt),
    disconnectedAt: iso(row.disconnectedAt),
    lockUpdatedAt: iso(row.lockUpdatedAt),
    stateVersion: row.stateVersion,
    lastMovedAt: iso(row.lastMovedAt),
    updates: row.updates.filter((u): u is CartView['updates'][number] => pendingUpdate.safeParse(u).success),
    configVersion: row.configVersion,
    configAckedVersion: row.configAckedVersion,
    vehicleInfo: row.vehicleInfo,
    hardwareInfo: row.hardwareInfo,
    trackerMode: row.trackerMode,
    server: row.server,
    bookableOnline: row.bookableOnline,
    driverName: null,
    tripDistance: null,
    bookings: [],
    displayLockStatus: row.lockStatus === 0 ? 'unlocked' : 'locked',
  };
  return withOpenRide(view, ride, now);
}

/** The cart as `role` may see it: without its lock code below the roles that see codes. */
export function cartViewFor<T extends CartView>(view: T, role: Role): T {
  return maySeeCodes(role) ? view : { ...view, lockCode: null };
}
