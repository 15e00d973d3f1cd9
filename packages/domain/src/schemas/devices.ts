import { z } from 'zod';
import { id } from './common';

export const pendingUpdate = z.enum(['lock', 'ds', 'ss', 'code']);

/**
 * A cart as the dashboard API and the realtime gateway present it (device fields of spec §3).
 * One shape for HTTP and sockets, so a socket update can replace a list entry as it is.
 */
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
  /** ISO time of the last report (spec: timeUTC) */
  timeUTC: z.string().nullable(),
  connectedAt: z.string().nullable(),
  disconnectedAt: z.string().nullable(),
  lockUpdatedAt: z.string().nullable(),
  updates: z.array(pendingUpdate),
  configVersion: z.number().int(),
  configAckedVersion: z.number().int(),
});
export type CartView = z.infer<typeof cartView>;

export const cartEditable = z
  .object({
    carNumber: z.string().regex(/^\d+$/, { message: 'Car number must contain digits only' }).max(6),
    carName: z.string().trim().max(60),
    carNote: z.string().max(2000),
    carIcon: z.string().max(60).nullable(),
    inService: z.boolean(),
    lockCode: z
      .string()
      .regex(/^\d{6}$/, { message: 'Code must be 6 digits' })
      .nullable(),
    key: z.enum(['0', '1']),
  })
  .partial()
  .strict();

/** Superadmin: what may change on any device, including moving it to another site. */
export const adminDevicePatch = z.object({
  ids: z.array(id).min(1).max(1000),
  updateData: cartEditable.extend({ siteID: id }).partial().strict(),
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
