import { localDate, localTime, roundToTimeStep, zonedInstant, type BookingView } from '@fairway/domain';

/**
 * The maintenance dialog's times (spec §2 Maintenance dialog). The pickers work on the browser's clock, the
 * club on its own: a picker value is a Date whose local reading is the site's wall clock, turned into an
 * instant with the site's time zone only when sent.
 */

const HOUR = 3_600_000;

/** The Date whose browser-local reading is `instant` on the site's clock. */
export function wallDate(instant: number, timeZone: string): Date {
  const [year, month, day] = localDate(instant, timeZone).split('-').map(Number) as [number, number, number];
  const [hours, minutes] = localTime(instant, timeZone).split(':').map(Number) as [number, number];
  return new Date(year, month - 1, day, hours, minutes);
}

/** The instant a wall-clock Date (as the pickers give it) means on the site's clock. */
export function instantOf(wall: Date, timeZone: string): number {
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}`;
  return zonedInstant(date, `${pad(wall.getHours())}:${pad(wall.getMinutes())}`, timeZone);
}

export interface MaintenanceTimes {
  start: Date;
  end: Date;
}

/** A new block: from now (to 5 minutes) when the day is today, else from the day's 08:00; two hours long. */
export function initialTimes(date: string, today: string, now: number, timeZone: string): MaintenanceTimes {
  const start = date === today ? roundToTimeStep(now) : zonedInstant(date, '08:00', timeZone);
  return { start: wallDate(start, timeZone), end: wallDate(start + 2 * HOUR, timeZone) };
}

export const timesOf = (booking: BookingView, timeZone: string): MaintenanceTimes => ({
  start: wallDate(Date.parse(booking.start), timeZone),
  end: wallDate(Date.parse(booking.end), timeZone),
});

/** Spec §2: moving start after end moves end with it, keeping the block's length. */
export function moveStart(times: MaintenanceTimes, start: Date): MaintenanceTimes {
  if (start.getTime() < times.end.getTime()) return { ...times, start };
  const length = Math.max(times.end.getTime() - times.start.getTime(), HOUR);
  return { start, end: new Date(start.getTime() + length) };
}
