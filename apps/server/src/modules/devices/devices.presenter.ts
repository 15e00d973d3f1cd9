import { LIMITS, formatLatLng, pendingUpdate, type CartView } from '@fairway/domain';
import type { devices } from './devices.table';

export type DeviceRow = typeof devices.$inferSelect;

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/**
 * The one place a device row becomes the API/socket shape. Online means the broker says connected AND a
 * report arrived recently: a tracker whose last will got lost must not look online forever.
 */
export function toCartView(row: DeviceRow, now: number = Date.now()): CartView {
  const fresh =
    row.lastReportAt !== null && now - row.lastReportAt.getTime() < LIMITS.offlineAfterSeconds * 1000;
  return {
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
    timeUTC: iso(row.lastReportAt),
    connectedAt: iso(row.connectedAt),
    disconnectedAt: iso(row.disconnectedAt),
    lockUpdatedAt: iso(row.lockUpdatedAt),
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
  };
}
