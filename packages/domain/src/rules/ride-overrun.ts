/**
 * Ride overrun (issue 23): when a ride is due back, and whether staff should hear that it is overdue. A ride
 * is due its service's duration after it started, plus every second it spent paused (a paused cart stands
 * locked, so the guest is not riding on the club's time). Staff are alerted once the ride is a site's grace
 * past due. Shared by the server (the alert's due time, the guest's `dueAt`; the sweep's SQL states the
 * same condition, and its test holds it to this rule's instants) and the web (the map's marker ring and
 * filter, the fleet list, the ride pane): one rule, one answer.
 */

/** Minutes a ride may run past due before staff are alerted, unless the site sets its own. */
export const OVERRUN_GRACE_DEFAULT_MINUTES = 10;
/** The most grace a site may set (four hours: longer than any round runs late). */
export const OVERRUN_GRACE_MAX_MINUTES = 240;

/** An instant as the server's rows (Date), the API (ISO text) or a clock (epoch ms) give it. */
type Instant = number | string | Date;
const epochMs = (instant: Instant): number => (typeof instant === 'string' ? Date.parse(instant) : +instant);

/** What the rule reads of a ride. */
export interface RideOverrunTiming {
  /** when the ride started (the cart confirmed its unlock) */
  start: Instant;
  /** the ride's service's duration in minutes; null: no service, so the ride is never due */
  serviceMinutes: number | null;
  /** seconds paused before the current pause (the ride lifecycle adds each pause as it ends) */
  pausedSeconds: number;
  /** since when the ride is paused; null while it runs */
  pausedAt: Instant | null;
}

export interface RideOverrun {
  /** epoch ms the ride is due back: start + service + all pause time up to `now` */
  dueAt: number;
  /** epoch ms staff are alerted: due + the grace */
  alertAt: number;
  /** `now` has reached the alert (the sweep alerts at this very instant, not a second before) */
  overdue: boolean;
  /** whole seconds past due (0 before due), for "Overdue by 12 min" */
  overdueSeconds: number;
}

/**
 * Where `timing` stands at `now` (epoch ms) with `graceMinutes` of grace; null for a ride without a service
 * duration. While paused, the due time moves with the clock: a ride paused before its alert is not alerted
 * during the pause, and one paused after it stays overdue by as much as when it was paused.
 */
export function rideOverrun(
  timing: RideOverrunTiming,
  graceMinutes: number,
  now: number,
): RideOverrun | null {
  if (timing.serviceMinutes === null || timing.serviceMinutes <= 0) return null;
  const currentPauseMs = timing.pausedAt === null ? 0 : Math.max(0, now - epochMs(timing.pausedAt));
  const dueAt =
    epochMs(timing.start) + timing.serviceMinutes * 60_000 + timing.pausedSeconds * 1000 + currentPauseMs;
  const alertAt = dueAt + Math.max(0, graceMinutes) * 60_000;
  return {
    dueAt,
    alertAt,
    overdue: now >= alertAt,
    overdueSeconds: Math.max(0, Math.floor((now - dueAt) / 1000)),
  };
}

/** What a view carries of an open ride for the overrun marks: the timing, the site's grace, the alert. */
export interface RideOverrunMark extends RideOverrunTiming {
  graceMinutes: number;
  /** when staff were alerted; null before */
  alertedAt: Instant | null;
}

/**
 * Whether staff should see the ride as overdue at `now` (marker ring, "Overdue" filter, ride pane): once
 * alerted it stays so (a grace raised afterwards does not take back an alert staff already had), and
 * before the sweep's next run the rule itself says so, so the ring does not wait up to its 15 s.
 */
export function isOverdue(mark: RideOverrunMark | null | undefined, now: number): boolean {
  if (!mark) return false;
  return mark.alertedAt !== null || (rideOverrun(mark, mark.graceMinutes, now)?.overdue ?? false);
}
