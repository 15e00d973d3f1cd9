import { z } from 'zod';
import { id } from './common';
import { cartView, pagination } from './devices';
import { safeText } from './text';
import { hardwareInfo, trackerServer, vehicleInfo } from './vehicles';

/**
 * The Device Manager's calls (spec §2 Admin area "Devices" and "Bulk Actions", §5, §7 Admin /devices):
 * every tracker of the platform, paged, sorted and searched by the server, and the bulk actions on a
 * selection. Superadmin only (spec §6).
 */

/** A tracker as the Device Manager's table and side panel show it: the cart view and the admin's fields. */
export const adminDeviceView = cartView.extend({
  siteName: z.string(),
  carSerialNumber: z.string(),
  /** OTA progress (FIRMWARE_STATUS): 0 normal, 1 pending, 2 downloading, 3 failed, 4 downloaded. */
  firmwareStatus: z.number().int().min(0).max(4),
  /** The version an OTA order is installing; null when none is under way. */
  firmwareTarget: z.string().nullable(),
  gprsCcid: z.string().nullable(),
  gprsCarrier: z.string().nullable(),
  /** The SIM provider's endpoint (spec §3 endpointID); null when the SIM is not registered. */
  simEndpointId: z.string().nullable(),
  batteryCalibration: z.number(),
  createdAt: z.string(),
});
export type AdminDeviceView = z.infer<typeof adminDeviceView>;

/** Columns the table sorts by (spec §2: Device ID, Car, Car Name, Status, Uptime, CCID, Carrier, …). */
export const ADMIN_DEVICE_SORTS = [
  'serial',
  'carNumber',
  'carName',
  'status',
  'uptime',
  'ccid',
  'carrier',
  'site',
  'firmware',
  'lastSeen',
] as const;
export type AdminDeviceSort = (typeof ADMIN_DEVICE_SORTS)[number];

/** Spec §2/§9: the admin tables offer 20, 50, 100 and All. */
export const ADMIN_DEVICE_PAGE_SIZES = ['20', '50', '100', 'all'] as const;

/** Filters shared by the list and the CSV export. */
export const adminDeviceFilter = z.object({
  /** Serial (dashes, spaces, underscores and case ignored), car number, car name, CCID or site name. */
  q: safeText().trim().max(100).optional(),
  siteId: id.optional(),
  sort: z.enum(ADMIN_DEVICE_SORTS).default('carNumber'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type AdminDeviceFilter = z.infer<typeof adminDeviceFilter>;

export const adminDeviceQuery = adminDeviceFilter.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.enum(ADMIN_DEVICE_PAGE_SIZES).default('20'),
});
export type AdminDeviceQuery = z.infer<typeof adminDeviceQuery>;

/** A site among the matching trackers: the header's "site name and id with car count". */
export const adminDeviceSiteSummary = z.object({ _id: id, name: z.string(), count: z.number().int() });

export const adminDevicePage = z.object({
  data: z.array(adminDeviceView),
  pagination,
  /** every site with matching trackers (all pages), by name */
  sites: z.array(adminDeviceSiteSummary),
});
export type AdminDevicePage = z.infer<typeof adminDevicePage>;

export const findDeviceQuery = z.object({
  serial: safeText().trim().min(1, { message: 'Please enter a serial' }).max(100),
});

// ---------------------------------------------------------------------------------------------------------
// Bulk actions

const ids = z.array(id).min(1, { message: 'No cars selected' }).max(5000);
export const adminDeviceIds = z.object({ ids });

export const adminVehicleSettingsBody = z.object({ ids, vehicleInfo });
export const adminHardwareInfoBody = z.object({ ids, hardwareInfo });
/** Transfer Server ('Change Server?'). */
export const adminServerBody = z.object({ ids, server: trackerServer });

export const BATTERY_CALIBRATION = { min: 3, max: 77.99, reset: 75 } as const;
/** Spec §5: at least 3, at most 77.99, sent with two decimals; the reset sets 75. */
export const calibrateBatteryBody = z.object({
  ids,
  value: z
    .number({ message: 'Battery calibration is required' })
    .min(BATTERY_CALIBRATION.min, {
      message: `Battery calibration must be at least ${BATTERY_CALIBRATION.min}`,
    })
    .max(BATTERY_CALIBRATION.max, {
      message: `Battery calibration must be at most ${BATTERY_CALIBRATION.max}`,
    })
    .transform((value) => Math.round(value * 100) / 100),
});

/** Publish Site Settings ('site': the site's settings, codes and zones) or Publish Device Settings. */
export const publishDevicesBody = z.object({ ids, what: z.enum(['site', 'device']) });
export const moveDevicesBody = z.object({ ids, siteId: id });

const required = { message: 'Please fill in all fields' };
export const replaceDeviceBody = z
  .object({
    oldDeviceId: z.string(required).min(1, required).pipe(id),
    newDeviceId: z.string(required).min(1, required).pipe(id),
    siteId: z.string(required).min(1, required).pipe(id),
  })
  .refine((body) => body.oldDeviceId !== body.newDeviceId, {
    message: 'Old and new device cannot be the same',
    path: ['newDeviceId'],
  });
export type ReplaceDeviceBody = z.infer<typeof replaceDeviceBody>;

/**
 * Answer of a bulk action on trackers: how many took it, which, and which did not and why (`reasons`: the
 * action's own; `message` is what the console shows, e.g. 'Car 12 is in a ride').
 */
export function deviceBulkResult<R extends readonly [string, ...string[]]>(reasons: R) {
  return z.object({
    done: z.number().int(),
    ids: z.array(id),
    skipped: z.array(
      z.object({ id, carNumber: z.string().nullable(), reason: z.enum(reasons), message: z.string() }),
    ),
  });
}

export const ADMIN_SKIP_REASONS = ['notFound', 'openRide', 'futureBookings', 'carNumberTaken'] as const;
export const adminBulkResult = deviceBulkResult(ADMIN_SKIP_REASONS);
export type AdminSkippedDevice = AdminBulkResult['skipped'][number];
export type AdminBulkResult = z.infer<typeof adminBulkResult>;

/** Answer of a replacement: the new tracker as it now is the car, and the old one back in staging. */
export const replaceDeviceResult = z.object({ device: adminDeviceView, old: adminDeviceView });
