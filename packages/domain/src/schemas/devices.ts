import { z } from 'zod';
import { BOOKING_TYPES } from './bookings';
import { id } from './common';
import { rideOverrunMark } from './ride-overrun';
import { hardwareInfo, trackerMode, trackerServer, vehicleInfo } from './vehicles';
import { safeText } from './text';

export const pendingUpdate = z.enum(['lock', 'ds', 'ss', 'code']);
export type PendingUpdate = z.infer<typeof pendingUpdate>;

/**
 * A cart as the dashboard API and the realtime gateway present it (device fields of spec §3).
 * One shape for HTTP and sockets, so a socket update can replace a list entry as it is.
 */
/**
 * A live booking or maintenance block of a cart as its view carries it (issue 17): the map's Reserved group,
 * booked markers and the fleet read them, and tell "now" by the clock as time passes.
 */
export const cartBooking = z.object({
  _id: id,
  bookingType: z.enum(BOOKING_TYPES),
  /** ISO instants */
  start: z.string(),
  end: z.string(),
  /** the driver's name ('' for a maintenance block) */
  name: z.string(),
  scheduleUnlock: z.boolean(),
});
export type CartBooking = z.infer<typeof cartBooking>;

/** Spec §4 Display lock status. */
export const DISPLAY_LOCK_STATUSES = ['unlocked', 'maintenance', 'booked', 'locked'] as const;

export const cartView = z.object({
  _id: id,
  serial: z.string(),
  siteID: id,
  carNumber: z.string().nullable(),
  carName: z.string(),
  carIcon: z.string().nullable(),
  carNote: z.string(),
  lockStatus: z.union([z.literal(0), z.literal(1)]),
  lockCode: z.string().nullable(),
  key: z.enum(['0', '1']),
  keyAlarm: z.enum(['0', '1']),
  inUse: z.boolean(),
  inService: z.boolean(),
  onlineStatus: z.boolean(),
  /** 'lat,lng' or null before the first fix */
  gpsCoordinates: z.string().nullable(),
  gpsSpeed: z.number().nullable(),
  gpsLock: z.number().nullable(),
  heading: z.number().nullable(),
  conType: z.enum(['W', 'G']).nullable(),
  wifiSignal: z.number().nullable(),
  gprsSignal: z.number().nullable(),
  battVoltage: z.number().nullable(),
  battCharge: z.boolean(),
  carOdometer: z.number().nullable(),
  carOdometerOffset: z.number(),
  uptime: z.number().nullable(),
  deviceTemp: z.number().nullable(),
  firmware: z.string().nullable(),
  /** OTA progress (FIRMWARE_STATUS: 0 normal, 1 pending, 2 downloading, 3 failed, 4 downloaded; issue 20) */
  firmwareStatus: z.number().int().min(0).max(4).optional(),
  /** ISO time of the last report (spec: timeUTC) */
  timeUTC: z.string().nullable(),
  connectedAt: z.string().nullable(),
  disconnectedAt: z.string().nullable(),
  lockUpdatedAt: z.string().nullable(),
  /**
   * Grows with every stored change of the cart's state: a view with a lower version is older than one with
   * a higher, so a push that arrives late can be told apart (absent in views not read from the cart's row).
   */
  stateVersion: z.number().int().nonnegative().optional(),
  /** When the cart last moved (speed ≥ 1 km/h); auto-lock counts idle time from here or the unlock. */
  lastMovedAt: z.string().nullable(),
  /** Config parts published but not yet confirmed by the cart (fleet 'pending update' column). */
  updates: z.array(pendingUpdate),
  configVersion: z.number().int(),
  configAckedVersion: z.number().int(),
  vehicleInfo: vehicleInfo.nullable(),
  hardwareInfo: hardwareInfo.nullable(),
  trackerMode: trackerMode,
  server: trackerServer,
  bookableOnline: z.boolean(),
  /** Driver's name of the ride the cart is in use for (null: no ride, or a ride without a name). */
  driverName: z.string().nullable(),
  /** km driven in that ride so far (odometer difference, 1 decimal); null without a ride or odometer. */
  tripDistance: z.number().nullable(),
  /**
   * That ride's overrun marks (issue 23: marker ring, "Overdue" filter); null or absent without a ride that
   * has a service duration (absent in views not read with the open ride).
   */
  overrun: rideOverrunMark.nullable().optional(),
  /** The cart's live bookings and maintenance blocks from now until the end of the site's day, by start. */
  bookings: z.array(cartBooking),
  /** Spec §4 Display lock status when the view was made (unlocked, maintenance, booked, locked). */
  displayLockStatus: z.enum(DISPLAY_LOCK_STATUSES),
});
export type CartView = z.infer<typeof cartView>;

export const cartEditable = z
  .object({
    carNumber: z.string().regex(/^\d+$/, { message: 'Car number must contain digits only' }).max(6),
    carName: safeText().trim().max(60),
    carNote: safeText({ multiline: true }).max(2000),
    carIcon: safeText().max(60).nullable(),
    inService: z.boolean(),
    lockCode: z
      .string()
      .regex(/^\d{6}$/, { message: 'Code must be 6 digits' })
      .nullable(),
    key: z.enum(['0', '1']),
    carSerialNumber: safeText().trim().max(64),
    vehicleInfo: vehicleInfo,
    bookableOnline: z.boolean(),
  })
  .partial()
  .strict();

/** Fields of the cart Admin panel (spec §2 Fleet): admin role and up. */
export const cartAdminEditable = z
  .object({
    server: trackerServer,
    carOdometerOffset: z.number().min(-1_000_000).max(1_000_000),
    trackerMode: trackerMode,
    hardwareInfo: hardwareInfo,
  })
  .partial()
  .strict();

/** PATCH /devices/{id} (spec §7): `publish` pushes device settings to the cart's config at once. */
export const devicePatchBody = z.object({
  updateData: cartEditable.extend(cartAdminEditable.shape).strict(),
  publish: z.boolean().optional(),
});
export type DevicePatchBody = z.infer<typeof devicePatchBody>;

/** PATCH /devices bulk (fleet key/keyless mode, vehicle settings, service state). */
export const devicesBulkPatchBody = z.object({
  ids: z.array(id).min(1, { message: 'No cars selected' }).max(1000),
  updateData: cartEditable
    .pick({ key: true, inService: true, vehicleInfo: true, bookableOnline: true })
    .strict(),
  publish: z.boolean().optional(),
});
export type DevicesBulkPatchBody = z.infer<typeof devicesBulkPatchBody>;

/** Fields of PATCH /devices/{id} that need role admin (the cart Admin panel). */
export const ADMIN_CART_FIELDS = Object.keys(cartAdminEditable.shape) as Array<
  keyof typeof cartAdminEditable.shape
>;

/** One battery reading (spec §3) for GET /devices/{id}/battery. */
export const batteryReading = z.object({ timestamp: z.string(), volts: z.number() });
/** Readings are 5-minute averages: 30 days of a cart that never stops reporting (8,640) fit in one page. */
export const BATTERY_PAGE_MAX = 10_000;
export const batteryQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(BATTERY_PAGE_MAX).default(100),
    page: z.coerce.number().int().min(1).default(1),
    sort: z.enum(['timestamp:asc', 'timestamp:desc']).default('timestamp:asc'),
    startDate: z.iso.datetime({ offset: true }).optional(),
    endDate: z.iso.datetime({ offset: true }).optional(),
  })
  .refine(
    (query) => !query.startDate || !query.endDate || Date.parse(query.startDate) <= Date.parse(query.endDate),
    {
      message: 'endDate must not be before startDate',
      path: ['endDate'],
    },
  );
export type BatteryQuery = z.infer<typeof batteryQuery>;
export const pagination = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  itemsPerPage: z.number().int(),
  nextPage: z.number().int().nullable(),
  prevPage: z.number().int().nullable(),
});
export const batteryPage = z.object({ data: z.array(batteryReading), pagination });
export type BatteryReading = z.infer<typeof batteryReading>;
export type BatteryPage = z.infer<typeof batteryPage>;
export type Pagination = z.infer<typeof pagination>;

/** Superadmin: what may change on any device, including moving it to another site. */
export const adminDevicePatch = z.object({
  ids: z.array(id).min(1).max(1000),
  updateData: cartEditable.extend(cartAdminEditable.shape).extend({ siteID: id }).partial().strict(),
});

export const registerDeviceBody = z.object({
  serial: z
    .string()
    .trim()
    .min(3)
    .max(64)
    .regex(/^[A-Za-z0-9._:-]+$/, {
      message: 'Serial may contain letters, digits, dot, dash, colon and underscore',
    }),
});
export const registeredDevice = z.object({ _id: id, serial: z.string(), secret: z.string() });
