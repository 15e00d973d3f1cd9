import {
  dayOffset,
  localTime,
  minutesOfDay,
  siteDay,
  weekdayOf,
  type BookingView,
  type TimeRange,
} from '@fairway/domain';

/**
 * The calendar's arithmetic (spec §2 Bookings): which hours the grid shows, where an event sits in its
 * cart's column, and how its start and end read when they fall on another day ("22:00 -1"). Pure, so it is
 * tested without a page; the site's day and clock come from the domain's booking rules, which the server
 * uses too.
 */

const MINUTE = 60_000;

export interface EventTimes {
  /** 'HH:mm' on the site's clock */
  start: string;
  end: string;
  /** whole site days from the shown date: -1 for yesterday, +1 for tomorrow, 0 inside the day */
  startOffset: number;
  endOffset: number;
}

/** An event's start and end on the site's clock, with the day offset of each against the shown date. */
export function eventTimes(
  booking: Pick<BookingView, 'start' | 'end'>,
  date: string,
  timeZone: string,
): EventTimes {
  const start = Date.parse(booking.start);
  const end = Date.parse(booking.end);
  return {
    start: localTime(start, timeZone),
    end: localTime(end, timeZone),
    startOffset: dayOffset(start, date, timeZone),
    endOffset: dayOffset(end, date, timeZone),
  };
}

/** '+1', '-1', or '' inside the day. */
export const offsetText = (offset: number): string =>
  offset === 0 ? '' : offset > 0 ? `+${offset}` : `${offset}`;

/** The opening hours of `date` (minutes of the day), or null when the club is closed that day. */
export function openingOn(
  date: string,
  openingHours: readonly ({ openTime: string; closeTime: string } | null)[],
): { open: number; close: number } | null {
  const hours = openingHours[weekdayOf(date)];
  return hours ? { open: minutesOfDay(hours.openTime), close: minutesOfDay(hours.closeTime) } : null;
}

export interface GridHours {
  /** first and last hour line, minutes from the day's midnight on the clock */
  from: number;
  to: number;
}

/**
 * The hours the grid shows: the opening hours widened to whole hours, and further to take in any event of
 * the day that lies outside them (a maintenance block overnight); the whole day when closed and empty.
 */
export function gridHours(
  opening: { open: number; close: number } | null,
  placed: readonly { top: number; bottom: number }[],
): GridHours {
  const starts = [opening?.open ?? 24 * 60, ...placed.map((event) => event.top)];
  const ends = [opening?.close ?? 0, ...placed.map((event) => event.bottom)];
  let from = Math.floor(Math.min(...starts) / 60) * 60;
  let to = Math.ceil(Math.max(...ends) / 60) * 60;
  if (to <= from) {
    from = 0;
    to = 24 * 60;
  }
  return { from, to };
}

/**
 * Where a day's grid opens (minutes from the site's midnight): at the club's opening or the first booking that
 * starts that day, whichever is earlier. A block carried over from the day before starts at the grid's top
 * and would otherwise open every day at midnight; the grid's top when there is neither.
 */
export function firstMinuteToShow(
  opening: { open: number } | null,
  startsInDay: readonly number[],
  gridFrom: number,
): number {
  const candidates = [...(opening ? [opening.open] : []), ...startsInDay];
  return candidates.length > 0 ? Math.max(gridFrom, Math.min(...candidates)) : gridFrom;
}

/**
 * Where a booking sits in the day's column: minutes from the day's start, clipped to the day. Counted in
 * elapsed minutes from the site's midnight, so a 23- or 25-hour day still places every event by its instant.
 */
export function placeInDay(
  booking: Pick<BookingView, 'start' | 'end'>,
  day: TimeRange,
): { top: number; bottom: number } {
  const start = Math.max(Date.parse(booking.start), day.start);
  const end = Math.min(Date.parse(booking.end), day.end);
  return { top: (start - day.start) / MINUTE, bottom: (end - day.start) / MINUTE };
}

/** The site's day as ISO instants, for GET /bookings. */
export function dayRange(date: string, timeZone: string): { start: string; end: string; range: TimeRange } {
  const range = siteDay(date, timeZone);
  return { start: new Date(range.start).toISOString(), end: new Date(range.end).toISOString(), range };
}

/**
 * The columns shown: every cart by car number, or with "reserved only" the carts with a booking that day
 * (spec §2 toggle). A booking on a cart no longer in the list still shows, under its own car number.
 */
export function calendarColumns<C extends { _id: string; carNumber: string | null }>(
  carts: readonly C[],
  bookings: readonly Pick<BookingView, 'device' | 'carNumber'>[],
  reservedOnly: boolean,
): { id: string; carNumber: string | null }[] {
  const booked = new Set(bookings.map((booking) => booking.device));
  const columns = carts.map((cart) => ({ id: cart._id, carNumber: cart.carNumber }));
  for (const booking of bookings)
    if (!columns.some((column) => column.id === booking.device))
      columns.push({ id: booking.device, carNumber: booking.carNumber });
  return reservedOnly ? columns.filter((column) => booked.has(column.id)) : columns;
}
