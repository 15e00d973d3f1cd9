/**
 * A booking's instants on the club's clock (its `timezone`), in the guest's language: the guest may be
 * abroad, but the tee time is the club's.
 */
const clubFormat = (locale: string, timeZone: string) =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });

/** 'Mon, 1 Jun, 10:00 – 14:30' (the date once when both ends fall on the same day). */
export const formatBookingRange = (start: string, end: string, locale: string, timeZone: string): string =>
  clubFormat(locale, timeZone).formatRange(new Date(start), new Date(end));

export const formatClubInstant = (instant: string, locale: string, timeZone: string): string =>
  clubFormat(locale, timeZone).format(new Date(instant));

/**
 * The wait until a booking's window opens, as a clock: '4:05', '1:04:05', and whole days in front
 * ('2 days 3:04:05') in the guest's language (Intl knows each language's plural of a day).
 */
export function formatCountdown(totalSeconds: number, locale: string): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  const clock =
    days > 0 || hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
  if (days === 0) return clock;
  const dayText = new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(
    days,
  );
  return `${dayText} ${clock}`;
}
