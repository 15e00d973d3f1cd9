import { format } from 'date-fns';
import { DEFAULT_LOCALE, isSupportedLocale, type SupportedLocale } from './locale';
import { wallClock } from './zoned-time';

/**
 * The one way the operator app writes dates and times (issue 15 item 20: one site showed 11/25/2026 in the
 * pickers and Fleet, 25/11/2026 on Rides and "Nov 25, 2026" elsewhere).
 *
 * One numeric style per interface language, used by the date pickers' fields and by every page alike, so a
 * date typed in a picker reads exactly as it is shown elsewhere. English is day first (25/11/2026, British
 * usage): spec §2 writes dates dd/MM/yyyy, the clubs are British and European, and American month-first
 * order would be misread by them. Times are 24-hour everywhere. German and Danish write 25.11.2026, Czech
 * 25. 11. 2026 (ČSN 01 6910). The patterns are date-fns tokens, which the pickers take as their field format.
 */
export const DATE_PATTERNS: Record<SupportedLocale, { date: string; time: string; dateTime: string }> = {
  en: { date: 'dd/MM/yyyy', time: 'HH:mm', dateTime: 'dd/MM/yyyy, HH:mm' },
  de: { date: 'dd.MM.yyyy', time: 'HH:mm', dateTime: 'dd.MM.yyyy, HH:mm' },
  da: { date: 'dd.MM.yyyy', time: 'HH.mm', dateTime: 'dd.MM.yyyy HH.mm' },
  cs: { date: 'd. M. yyyy', time: 'H:mm', dateTime: 'd. M. yyyy H:mm' },
};

export const datePatternsFor = (locale: string | undefined) =>
  DATE_PATTERNS[isSupportedLocale(locale) ? locale : DEFAULT_LOCALE];

type Moment = Date | string | number;

/** The moment as a Date whose local reading is the wall clock of `timeZone` (or the browser's without). */
function readingIn(moment: Moment, timeZone: string | undefined): Date {
  const instant = moment instanceof Date ? moment : new Date(moment);
  if (!timeZone) return instant;
  try {
    const w = wallClock(instant, timeZone);
    return new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  } catch {
    // A zone this browser does not know: its own clock rather than no date at all.
    return instant;
  }
}

/** "25/11/2026" (en), "25.11.2026" (de, da), "25. 11. 2026" (cs), on `timeZone`'s calendar when given. */
export const formatDate = (moment: Moment, locale: string | undefined, timeZone?: string): string =>
  format(readingIn(moment, timeZone), datePatternsFor(locale).date);

/** "09:30" (en, de), "09.30" (da), "9:30" (cs): 24-hour. */
export const formatTime = (moment: Moment, locale: string | undefined, timeZone?: string): string =>
  format(readingIn(moment, timeZone), datePatternsFor(locale).time);

/** "25/11/2026, 09:30" (en), "25.11.2026 09.30" (da). */
export const formatDateTime = (moment: Moment, locale: string | undefined, timeZone?: string): string =>
  format(readingIn(moment, timeZone), datePatternsFor(locale).dateTime);

/** A time of day kept as "HH:mm" (a site's lock time) in the language's time style. */
export function formatTimeOfDay(hhmm: string, locale: string | undefined): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return format(new Date(2000, 0, 1, hours, minutes), datePatternsFor(locale).time);
}
