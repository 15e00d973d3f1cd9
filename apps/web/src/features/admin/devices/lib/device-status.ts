import { LIMITS, type CartView } from '@fairway/domain';

/**
 * Online in the Device Manager: the broker says connected and the last report is recent (spec §4: a cart
 * silent for `offlineAfterSeconds` counts as offline even before the broker notices).
 */
export function isDeviceOnline(device: Pick<CartView, 'onlineStatus' | 'timeUTC'>, now: number): boolean {
  if (!device.onlineStatus || !device.timeUTC) return false;
  return now - Date.parse(device.timeUTC) < LIMITS.offlineAfterSeconds * 1000;
}

/** Age of the last report in whole seconds (0 for a clock ahead of ours); null when it never reported. */
export function pingAgeSeconds(device: Pick<CartView, 'timeUTC'>, now: number): number | null {
  if (!device.timeUTC) return null;
  return Math.max(0, Math.floor((now - Date.parse(device.timeUTC)) / 1000));
}

/** A duration in seconds as its largest unit and the next one: 3 d 4 h, 5 h 12 min, 40 s ("3 d", not "3 d 0 h"). */
export function durationParts(seconds: number): { unit: DurationUnit; value: number }[] {
  const units = [
    ['d', 86_400],
    ['h', 3_600],
    ['min', 60],
    ['s', 1],
  ] as const;
  const whole = Math.max(0, Math.floor(seconds));
  const first = units.findIndex(([, size]) => whole >= size);
  if (first === -1) return [{ unit: 's', value: 0 }];
  const [unit, size] = units[first]!;
  const parts = [{ unit: unit as DurationUnit, value: Math.floor(whole / size) }];
  const next = units[first + 1];
  if (next) {
    const value = Math.floor((whole % size) / next[1]);
    if (value > 0) parts.push({ unit: next[0], value });
  }
  return parts;
}

export type DurationUnit = 'd' | 'h' | 'min' | 's';

/** Spec §9: a GPS lock of 3 or more satellites is good (the badge turns green). */
export const GOOD_GPS_LOCK = 3;
