import { formatDuration, intervalToDuration } from 'date-fns';
import { dateLocaleFor } from '../../../../lib/date-locale';

/** An uptime in seconds as "3 days 4 hours 12 minutes" in the interface language. */
export function formatUptime(seconds: number, locale: string): string {
  const dateLocale = dateLocaleFor(locale);
  if (seconds < 60) {
    return formatDuration({ seconds: Math.max(0, Math.floor(seconds)) }, { zero: true, locale: dateLocale });
  }
  const duration = intervalToDuration({ start: 0, end: Math.floor(seconds) * 1000 });
  return formatDuration(duration, { format: ['days', 'hours', 'minutes'], locale: dateLocale });
}

/** A file size as "512 B", "3.4 kB" or "1.2 MB". */
export function formatBytes(bytes: number, locale: string): string {
  const [value, unit]: [number, 'byte' | 'kilobyte' | 'megabyte'] =
    bytes < 1000
      ? [bytes, 'byte']
      : bytes < 1_000_000
        ? [bytes / 1000, 'kilobyte']
        : [bytes / 1_000_000, 'megabyte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  }).format(value);
}

/** A snapshot value the firmware prints as a flag ('1'/'0', or true/false): true or false; null for the rest. */
export function snapshotFlag(value: string | number | boolean): boolean | null {
  if (value === '1' || value === true) return true;
  if (value === '0' || value === false) return false;
  return null;
}
