/**
 * The club's own clock (spec §4: price windows and opening hours are in the site's local time). On its own,
 * without the price rules' currency table, so a guest page that only asks "is the club open now?" loads
 * just this.
 */

/** The site's local clock: weekday 0 (Sunday) – 6 and 'HH:mm'. */
export interface ClockReading {
  day: number;
  time: string;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The weekday and time at `instant` in `timeZone`; price windows are in the site's local time. */
export function clockAt(instant: number | Date, timeZone: string): ClockReading {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return { day: WEEKDAYS.indexOf(parts.weekday!), time: `${parts.hour}:${parts.minute}` };
}
