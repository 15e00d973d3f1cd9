import { z } from 'zod';
import { firmwareVersion } from '../protocol/messages';
import { deviceBulkResult } from './admin-devices';
import { id } from './common';

/**
 * The firmware manager (spec §2, §5, §7 Storage; issue 20): images uploaded to folders, pushed over the air
 * to selected carts, each push followed per cart (FIRMWARE_STATUS).
 */
export const FIRMWARE_FOLDERS = ['wifi', 'sim7600', 'sim7000'] as const;
export const firmwareFolder = z.enum(FIRMWARE_FOLDERS, {
  message: "Folder must be 'wifi', 'sim7600' or 'sim7000'",
});
export type FirmwareFolderName = z.infer<typeof firmwareFolder>;

/** Spec §8: firmware images are .bin files under 5 MB. */
export const FIRMWARE_MAX_BYTES = 5 * 1024 * 1024;
export const FIRMWARE_MESSAGES = {
  noFile: 'Please select a file to upload',
  tooLarge: 'File size should be less than 5 MB!',
  notBin: 'Only .bin firmware files can be uploaded',
  duplicate: 'A file with this name is already in this folder',
  checksum: 'The file does not match the SHA-256 checksum given',
  noVersion: 'The version could not be read from the file name; please give one',
} as const;

export const firmwareFileView = z.object({
  _id: id,
  folder: firmwareFolder,
  name: z.string(),
  version: z.string(),
  /** bytes */
  size: z.number().int(),
  sha256: z.string(),
  uploadedBy: id.nullable(),
  createdAt: z.string(),
});
export type FirmwareFileView = z.infer<typeof firmwareFileView>;

export const firmwareListQuery = z.object({ folder: firmwareFolder.optional() });

/** The multipart upload's text fields (the file itself is the part 'file'). */
export const firmwareUploadFields = z.object({
  folder: firmwareFolder,
  version: firmwareVersion.optional(),
  sha256: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, { message: 'SHA-256 must be 64 hexadecimal characters' })
    .optional(),
});

/**
 * The version a file name carries: its last dotted number with what follows it up to `.bin`
 * (`wifi-fw-2.4.1.bin` → `2.4.1`, `sim7600_v1.3.0-rc1.bin` → `1.3.0-rc1`), else the whole base name when
 * that is a valid version; null when neither is.
 */
export function firmwareVersionOfFileName(name: string): string | null {
  const base = name.replace(/\.bin$/i, '');
  const dotted = /(\d+(?:\.\d+)+[0-9A-Za-z._+-]*)$/.exec(base)?.[1];
  const candidate = dotted ?? base;
  return firmwareVersion.safeParse(candidate).success ? candidate : null;
}

/** POST /api/admin/devices/firmware: push one uploaded image to the selected carts. */
export const pushFirmwareBody = z.object({
  ids: z.array(id).min(1, { message: 'No cars selected' }).max(5000),
  fileId: id,
});

export const FIRMWARE_SKIP_REASONS = ['notFound', 'offline', 'alreadyOnVersion', 'updateRunning'] as const;
/** How many carts took the order, which, and which did not and why. */
export const pushFirmwareResult = deviceBulkResult(FIRMWARE_SKIP_REASONS);
export type PushFirmwareResult = z.infer<typeof pushFirmwareResult>;

/** One OTA order to one cart and how it went (GET /api/admin/devices/{id}/firmware-updates). */
export const firmwareUpdateView = z.object({
  _id: id,
  deviceId: id,
  fileId: id.nullable(),
  commandId: id.nullable(),
  fromVersion: z.string().nullable(),
  version: z.string(),
  /** FIRMWARE_STATUS: 1 pending, 2 downloading, 3 failed, 4 downloaded, 0 done (the cart runs `version`) */
  status: z.number().int().min(0).max(4),
  error: z.string().nullable(),
  requestedBy: id.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FirmwareUpdateView = z.infer<typeof firmwareUpdateView>;
