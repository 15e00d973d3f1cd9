/** Numbers, dates and durations in the guest's language, by Intl (its units know each language's plurals). */
const unit = (locale: string, name: 'hour' | 'minute' | 'second', value: number) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);

/** A rate's duration: '2 hours 30 minutes', '90 Minuten' under an hour. */
export function formatMinutes(totalMinutes: number, locale: string): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return unit(locale, 'minute', rest);
  return rest === 0
    ? unit(locale, 'hour', hours)
    : `${unit(locale, 'hour', hours)} ${unit(locale, 'minute', rest)}`;
}

/** An ended ride's duration: seconds under a minute, else hours and minutes. */
export function formatRideDuration(totalSeconds: number, locale: string): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return unit(locale, 'second', seconds);
  return formatMinutes(Math.floor(seconds / 60), locale);
}

/**
 * A wait counting down, as a clock: '0:49', '1:05' (whole seconds, never below one). A clock reads the same
 * after "in", "om", "za" in every language, where a unit word would need each language's grammar.
 */
export function formatWait(totalSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export const formatDistance = (km: number, locale: string): string =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(km);

export const formatPercent = (percent: number, locale: string): string =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);

export const formatDateTime = (iso: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Day 0 = Sunday (spec §3 availableTimes); 1 January 2023 was a Sunday. */
export const weekdayName = (day: number, locale: string): string =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  );
