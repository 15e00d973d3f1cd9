/**
 * Calendar arithmetic in a named time zone (a site's), with nothing but Intl: the reports and the ride
 * history both count days on the club's clock, whatever the browser's zone.
 */

/** The wall-clock reading of `instant` in `zone`. */
export function wallClock(instant: Date, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`. */
function offsetMs(instant: Date, zone: string): number {
  const p = wallClock(instant, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant the calendar day begins in `zone` (a day that starts in a DST gap begins when it exists). */
export function midnightIn(year: number, month: number, day: number, zone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  // The offset at a guess, then at the corrected guess: right on either side of a DST change.
  const first = wall - offsetMs(new Date(wall), zone);
  return new Date(wall - offsetMs(new Date(first), zone));
}
