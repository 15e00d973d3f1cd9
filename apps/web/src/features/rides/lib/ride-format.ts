import { formatElapsed, rideDurationSeconds, type RideView } from '@fairway/domain';
import { formatDate, formatDateTime, formatTime } from '../../../lib/date-format';

/**
 * How the Rides page writes moments, durations and distances. Moments are read on the site's clock (a club
 * reads its rides by its own day, whatever the browser's time zone), in the interface language.
 */

/** A ride's start date on the site's calendar, in the interface language's one date style (lib/date-format). */
export const formatRideDate = (iso: string, locale: string | undefined, timeZone: string): string =>
  formatDate(iso, locale, timeZone);

/** A time on the site's clock, 24-hour. */
export const formatRideTime = (iso: string, locale: string | undefined, timeZone: string): string =>
  formatTime(iso, locale, timeZone);

/** A start or end in the detail pane: date and time. */
export const formatRideMoment = (iso: string, locale: string | undefined, timeZone: string): string =>
  formatDateTime(iso, locale, timeZone);

/** "2.5 km" / "2,5 km": distances come in km with one decimal. */
export function formatDistanceKm(km: number, locale: string | undefined): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'kilometer',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(km);
}

/** A ride is open (active or paused) until it ends; an open ride's clock keeps running while paused. */
export const isOpenRide = (ride: Pick<RideView, 'status'>): boolean => ride.status !== 'ended';

/**
 * Seconds an ended ride lasted: the server's duration (0 for a ride over 10 h, spec §9), else the end minus
 * the start (spec §4).
 */
export function endedRideSeconds(ride: Pick<RideView, 'start' | 'end' | 'duration'>): number {
  if (ride.duration !== null) return ride.duration;
  return ride.end ? rideDurationSeconds(Date.parse(ride.start), Date.parse(ride.end)) : 0;
}

/** Seconds an open ride has run at `now` (never negative, should the cart's clock be ahead of ours). */
export const openRideSeconds = (start: string, now: number): number =>
  Math.max(0, Math.floor((now - Date.parse(start)) / 1000));

/** Seconds the ride has lasted: for an open ride, up to `now`. */
export function rideElapsedSeconds(
  ride: Pick<RideView, 'status' | 'start' | 'end' | 'duration'>,
  now: number,
): number {
  return isOpenRide(ride) ? openRideSeconds(ride.start, now) : endedRideSeconds(ride);
}

/** "1:02:03" / "2:03". */
export const formatRideDuration = formatElapsed;
