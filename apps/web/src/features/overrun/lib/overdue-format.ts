/**
 * "Overdue by 12 min" / "1 h 5 min" in the interface language: whole minutes (at least one, since the line
 * shows only once a ride is overdue), hours and minutes from an hour on, unit names written by Intl.
 */
export function formatOverdueDuration(seconds: number, locale: string | undefined): string {
  const minutes = Math.max(1, Math.floor(seconds / 60));
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (minutes < 60) return unit(minutes, 'minute');
  const parts = [unit(Math.floor(minutes / 60), 'hour')];
  if (minutes % 60 > 0) parts.push(unit(minutes % 60, 'minute'));
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(parts);
}
