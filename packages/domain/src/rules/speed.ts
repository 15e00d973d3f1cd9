import { KPH_TO_MPH } from '../limits';

/**
 * Speeds are stored and sent in km/h; the operator picks the unit they are shown in (spec §2 Settings,
 * §9). Shared so every screen converts with the same factor.
 */
export const SPEED_UNITS = ['kph', 'mph'] as const;
export type SpeedUnit = (typeof SPEED_UNITS)[number];
export const DEFAULT_SPEED_UNIT: SpeedUnit = 'kph';

export const isSpeedUnit = (value: unknown): value is SpeedUnit =>
  typeof value === 'string' && (SPEED_UNITS as readonly string[]).includes(value);

export const convertSpeed = (kph: number, unit: SpeedUnit): number =>
  unit === 'mph' ? kph * KPH_TO_MPH : kph;

/** Intl's unit names, which give each language its own symbol and spacing (km/h, km/t, mph, mi/h). */
const INTL_UNITS: Record<SpeedUnit, string> = { kph: 'kilometer-per-hour', mph: 'mile-per-hour' };

// Building a NumberFormat is costly next to using one; a fleet list formats a speed per row per update.
const formats = new Map<string, Intl.NumberFormat>();

/** A km/h speed in `unit`, with one decimal, in `locale`'s number format (e.g. "12,5 km/h"). */
export function formatSpeed(kph: number, unit: SpeedUnit, locale: string): string {
  const key = `${locale}|${unit}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: INTL_UNITS[unit],
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    formats.set(key, format);
  }
  return format.format(convertSpeed(kph, unit));
}
