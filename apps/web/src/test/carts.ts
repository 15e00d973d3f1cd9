import type { CartView } from '@fairway/domain';

export const SITE_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const SITE_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

let counter = 0;

/** A complete, valid CartView (domain `cartView`) with overridable fields. */
export function makeCart(overrides: Partial<CartView> = {}): CartView {
  counter += 1;
  const suffix = String(counter).padStart(12, '0');
  return {
    _id: `cccccccc-cccc-4ccc-8ccc-${suffix}`,
    serial: `SIM-${counter}`,
    siteID: SITE_A,
    carNumber: String(counter),
    carName: `Cart ${counter}`,
    carIcon: null,
    carNote: '',
    lockStatus: 1,
    lockCode: null,
    key: '0',
    keyAlarm: '0',
    inUse: false,
    inService: true,
    onlineStatus: true,
    gpsCoordinates: '50.000000,14.000000',
    gpsSpeed: 0,
    gpsLock: 5,
    heading: null,
    conType: 'G',
    wifiSignal: null,
    gprsSignal: 20,
    battVoltage: 50.1,
    battCharge: false,
    carOdometer: 100,
    carOdometerOffset: 0,
    uptime: 1000,
    deviceTemp: 30,
    firmware: '1.0.0',
    timeUTC: new Date().toISOString(),
    connectedAt: null,
    disconnectedAt: null,
    lockUpdatedAt: null,
    updates: [],
    configVersion: 1,
    configAckedVersion: 1,
    lastMovedAt: null,
    vehicleInfo: null,
    hardwareInfo: null,
    trackerMode: 'normal',
    server: 'prod',
    bookableOnline: true,
    driverName: null,
    tripDistance: null,
    bookings: [],
    displayLockStatus: 'locked',
    ...overrides,
  };
}
