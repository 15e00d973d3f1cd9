import type { AdminDeviceSort } from '@fairway/domain';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../../lib/storage';

/** The Device Manager's columns (spec §2 Admin area → Devices), in table order. */
export const DEVICE_COLUMNS = [
  'serial',
  'carNumber',
  'carName',
  'status',
  'uptime',
  'ccid',
  'carrier',
  'info',
  'actions',
] as const;
export type DeviceColumn = (typeof DEVICE_COLUMNS)[number];

/** The server's sort for each column that has one. */
export const SORT_OF: Partial<Record<DeviceColumn, AdminDeviceSort>> = {
  serial: 'serial',
  carNumber: 'carNumber',
  carName: 'carName',
  status: 'status',
  uptime: 'uptime',
  ccid: 'ccid',
  carrier: 'carrier',
};

const isColumn = (value: unknown): value is DeviceColumn =>
  typeof value === 'string' && (DEVICE_COLUMNS as readonly string[]).includes(value);

/**
 * The columns this browser shows: the stored list (unknown names dropped, table order kept), or all of them
 * when nothing usable is stored. The serial always shows: it names the row.
 */
export function readShownColumns(): DeviceColumn[] {
  const stored = readStorage(STORAGE_KEYS.adminDevicesColumns);
  if (stored === null) return [...DEVICE_COLUMNS];
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return [...DEVICE_COLUMNS];
    const shown = new Set(parsed.filter(isColumn));
    shown.add('serial');
    return DEVICE_COLUMNS.filter((column) => shown.has(column));
  } catch {
    return [...DEVICE_COLUMNS];
  }
}

export function writeShownColumns(columns: readonly DeviceColumn[]): void {
  writeStorage(STORAGE_KEYS.adminDevicesColumns, JSON.stringify(columns));
}
