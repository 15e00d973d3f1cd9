import { FIRMWARE_MAX_BYTES, firmwareVersion, firmwareVersionOfFileName } from '@fairway/domain';

/** Why a chosen file cannot be uploaded (spec §8, domain FIRMWARE_MESSAGES); each has its text in adminFirmware.upload.errors. */
export type FirmwareFileProblem = 'noFile' | 'notBin' | 'tooLarge';

/** Spec §8: a file is required, a .bin, under 5 MB; checked before anything is sent. */
export function firmwareFileProblem(file: File | null): FirmwareFileProblem | null {
  if (!file || file.size === 0) return 'noFile';
  if (!/\.bin$/i.test(file.name)) return 'notBin';
  if (file.size > FIRMWARE_MAX_BYTES) return 'tooLarge';
  return null;
}

/** The version field's first value: what the server would read from the name (empty when it reads none). */
export const versionOfFile = (file: File | null): string =>
  file ? (firmwareVersionOfFileName(file.name) ?? '') : '';

/** A typed version must be one the server accepts; empty is allowed only when the name carries one. */
export function versionProblem(version: string, file: File | null): 'required' | 'invalid' | null {
  const trimmed = version.trim();
  if (trimmed === '') return file && firmwareVersionOfFileName(file.name) ? null : 'required';
  return firmwareVersion.safeParse(trimmed).success ? null : 'invalid';
}

/** Bytes as the firmware list shows them: "812 KB", "4.8 MB", in the interface language. */
export function formatFileSize(bytes: number, locale: string): string {
  const units = [
    { unit: 'megabyte', size: 1024 * 1024 },
    { unit: 'kilobyte', size: 1024 },
  ] as const;
  for (const { unit, size } of units) {
    if (bytes >= size) {
      return new Intl.NumberFormat(locale, {
        style: 'unit',
        unit,
        unitDisplay: 'short',
        maximumFractionDigits: unit === 'megabyte' ? 1 : 0,
      }).format(bytes / size);
    }
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'short' }).format(bytes);
}
