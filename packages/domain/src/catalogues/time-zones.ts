/**
 * The IANA time zones a site can be in (spec §3 Site.timezone, §5 "timezone required"). Intl's list is the
 * runtime's tz database; some engines leave 'UTC' out of it, so it is added.
 */
export const TIME_ZONES: readonly string[] = [
  ...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']),
].sort();

const UTC_OFFSET = /^[+-]/;

/**
 * A name Intl.DateTimeFormat knows, canonical or a tz alias ('Europe/Kiev', 'Etc/UTC'). Offsets such as
 * '+01:00' are refused although newer engines take them: a site's clock follows its zone's daylight saving,
 * and PostgreSQL reads a bare offset with the opposite (POSIX) sign.
 */
export function isTimeZone(name: string): boolean {
  if (name === '' || UTC_OFFSET.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
