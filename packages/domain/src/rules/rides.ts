/**
 * The ride rules shared by the server (which stores them) and the web app (which shows them): duration,
 * distance, the marks of a ride too short or too thin to count, and the guest session's timing.
 */

/** Spec §9: a ride longer than 10 hours was not a real ride; its duration is stored as 0. */
export const MAX_RIDE_SECONDS = 36_000;

/** Spec §9: the guest waits 20 s for the cart to confirm an unlock, then may retry once. */
export const UNLOCK_CONFIRM_WAIT_MS = 20_000;
export const GUEST_UNLOCK_RETRIES = 1;
/** Spec §9: ride polling every 2 s when the live socket is not there. */
export const RIDE_POLL_MS = 2_000;
/** Unlock commands the server sends in one attempt cycle: unlocking, trying again, trying one last time. */
export const UNLOCK_ATTEMPTS_PER_CYCLE = 3;

/** Seconds from start to end, whole; negative (clock skew) is 0, and over 10 h is 0 (spec §4, §9). */
export function rideDurationSeconds(start: number | Date, end: number | Date): number {
  const seconds = Math.round((+end - +start) / 1000);
  if (seconds < 0 || seconds > MAX_RIDE_SECONDS) return 0;
  return seconds;
}

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle length of a polyline of [lat, lng], km. */
export function trailLengthKm(trail: readonly (readonly [number, number])[]): number {
  let total = 0;
  for (let i = 1; i < trail.length; i++) {
    const [lat1, lng1] = trail[i - 1]!;
    const [lat2, lng2] = trail[i]!;
    const dLat = radians(lat2 - lat1);
    const dLng = radians(lng2 - lng1);
    const a =
      Math.sin(dLat / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLng / 2) ** 2;
    total += 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
  }
  return total;
}

export const roundToTenth = (value: number): number => Math.round(value * 10) / 10;

/**
 * km a cart has driven in its open ride so far (spec §2 Map "trip distance"): the odometer difference,
 * rounded to 1 decimal; null when either reading is missing or the odometer went back (reset).
 */
export function tripDistanceKm(start: number | null, now: number | null): number | null {
  if (start === null || now === null || now < start) return null;
  return roundToTenth(now - start);
}

/**
 * Spec: distance is the odometer difference, else the trail's length; 1 decimal. An odometer that went
 * backwards (a tracker reset mid-ride) is not a distance, so the trail answers instead.
 */
export function rideDistanceKm(
  odometer: { start: number | null; end: number | null },
  trail: readonly (readonly [number, number])[],
): number {
  const { start, end } = odometer;
  if (start !== null && end !== null && end >= start) return roundToTenth(end - start);
  return roundToTenth(trailLengthKm(trail));
}

export interface RideMarks {
  tooShort: boolean;
  fewPoints: boolean;
}

/**
 * Spec §3 minRideDuration (minutes) and trailPoints: a ride below either is marked, never dropped. A 0
 * duration from the 10-hour cap is not "short": it is a ride whose length is unknown.
 */
export function rideMarks(
  ride: { durationSeconds: number; points: number; cappedDuration?: boolean },
  site: { minRideDuration: number; trailPoints: number },
): RideMarks {
  return {
    tooShort: !ride.cappedDuration && ride.durationSeconds < site.minRideDuration * 60,
    fewPoints: ride.points < site.trailPoints,
  };
}

/**
 * What the guest's session page says while it waits for the cart (spec §2 progress messages, §4 failed
 * unlock after 20 s with one retry, then the reception).
 */
export type UnlockPhase = 'checking' | 'unlocking' | 'tryingAgain' | 'lastTry' | 'failed' | 'reception';

export function unlockPhase(wait: {
  /** ms since the current attempt cycle began, on the server's clock; null before the ride is loaded */
  elapsedMs: number | null;
  /** unlock commands sent in this cycle */
  attempts: number;
  retriesLeft: number;
}): UnlockPhase {
  if (wait.elapsedMs === null || wait.attempts === 0) return 'checking';
  if (wait.elapsedMs >= UNLOCK_CONFIRM_WAIT_MS) return wait.retriesLeft > 0 ? 'failed' : 'reception';
  if (wait.attempts >= 3) return 'lastTry';
  if (wait.attempts === 2) return 'tryingAgain';
  return 'unlocking';
}

/** "1:02:03" / "2:03": a running ride's elapsed time, from whole seconds. */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
