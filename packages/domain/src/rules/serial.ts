/**
 * Spec §5 Find Device: a serial search ignores dashes, spaces, underscores and case, so 'fw-00_12' finds
 * 'FW 0012'. The server folds stored serials the same way in SQL
 * (modules/devices/admin-devices.repository.ts); keep the two in step.
 */
export const SERIAL_IGNORED = /[-_\s]/g;

export function normalizeSerial(serial: string): string {
  return serial.replace(SERIAL_IGNORED, '').toLowerCase();
}
