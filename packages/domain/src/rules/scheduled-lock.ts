/**
 * The site's scheduled lock (spec §3 lockFrom, '00:00' = none) happens when the site's local clock reaches
 * lockFrom. Checked per minute boundary in the site's time zone, so DST days behave: on a spring-forward
 * day a lockFrom inside the skipped hour never occurs, on a fall-back day one that repeats locks twice.
 */
export const NO_SCHEDULED_LOCK = '00:00';

const MINUTE = 60_000;
/** A server that was down longer than this catches up no older lock time (the carts lock themselves too). */
export const SCHEDULED_LOCK_CATCH_UP_MS = 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();
function localTime(instant: number, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format.format(instant);
}

/** True when a minute whose local time is `lockFrom` started in (after, upTo]. */
export function scheduledLockDue(lockFrom: string, timeZone: string, after: number, upTo: number): boolean {
  if (lockFrom === NO_SCHEDULED_LOCK) return false;
  const from = Math.max(after, upTo - SCHEDULED_LOCK_CATCH_UP_MS);
  for (let minute = Math.floor(from / MINUTE) * MINUTE + MINUTE; minute <= upTo; minute += MINUTE) {
    if (localTime(minute, timeZone) === lockFrom) return true;
  }
  return false;
}
