import { describe, expect, it } from 'vitest';
import {
  MAX_RIDE_SECONDS,
  UNLOCK_CONFIRM_WAIT_MS,
  formatElapsed,
  rideDistanceKm,
  rideDurationSeconds,
  rideMarks,
  trailLengthKm,
  unlockPhase,
} from './rides';

describe('rideDurationSeconds', () => {
  it('is whole seconds from start to end', () => {
    expect(rideDurationSeconds(0, 90_400)).toBe(90);
    expect(rideDurationSeconds(new Date(1_000), new Date(2_600))).toBe(2);
  });

  it('keeps exactly 10 hours and stores anything longer as 0 (spec §9)', () => {
    expect(rideDurationSeconds(0, MAX_RIDE_SECONDS * 1000)).toBe(36_000);
    expect(rideDurationSeconds(0, (MAX_RIDE_SECONDS + 1) * 1000)).toBe(0);
  });

  it('is 0, not negative, when the end is before the start', () => {
    expect(rideDurationSeconds(10_000, 5_000)).toBe(0);
  });
});

describe('rideDistanceKm', () => {
  // About 1.11 km: 0.01 degrees of latitude.
  const trail: [number, number][] = [
    [56.34, -2.8],
    [56.345, -2.8],
    [56.35, -2.8],
  ];

  it('measures a trail along the great circle', () => {
    expect(trailLengthKm(trail)).toBeCloseTo(1.112, 2);
    expect(trailLengthKm([])).toBe(0);
    expect(trailLengthKm([[56, -2]])).toBe(0);
  });

  it('uses the odometer difference, to 1 decimal, when both readings exist', () => {
    expect(rideDistanceKm({ start: 1523.48, end: 1527.66 }, trail)).toBe(4.2);
    expect(rideDistanceKm({ start: 10, end: 10 }, trail)).toBe(0);
  });

  it('falls back to the trail without an odometer or when it went backwards', () => {
    expect(rideDistanceKm({ start: null, end: 12 }, trail)).toBe(1.1);
    expect(rideDistanceKm({ start: 12, end: null }, trail)).toBe(1.1);
    expect(rideDistanceKm({ start: 100, end: 3 }, trail)).toBe(1.1);
  });
});

describe('rideMarks', () => {
  const site = { minRideDuration: 2, trailPoints: 10 };

  it('marks a ride under the minimum minutes, not one exactly at it', () => {
    expect(rideMarks({ durationSeconds: 119, points: 50 }, site).tooShort).toBe(true);
    expect(rideMarks({ durationSeconds: 120, points: 50 }, site).tooShort).toBe(false);
  });

  it('marks a ride with fewer positions than trailPoints, not one with exactly that many', () => {
    expect(rideMarks({ durationSeconds: 600, points: 9 }, site).fewPoints).toBe(true);
    expect(rideMarks({ durationSeconds: 600, points: 10 }, site).fewPoints).toBe(false);
  });

  it('does not call a ride capped at 10 hours short', () => {
    expect(rideMarks({ durationSeconds: 0, points: 500, cappedDuration: true }, site)).toEqual({
      tooShort: false,
      fewPoints: false,
    });
  });
});

describe('unlockPhase', () => {
  const base = { attempts: 1, retriesLeft: 1 };

  it('checks the status until the ride and its first command are known', () => {
    expect(unlockPhase({ ...base, elapsedMs: null })).toBe('checking');
    expect(unlockPhase({ ...base, elapsedMs: 500, attempts: 0 })).toBe('checking');
  });

  it('names each attempt of the cycle', () => {
    expect(unlockPhase({ ...base, elapsedMs: 1_000 })).toBe('unlocking');
    expect(unlockPhase({ ...base, elapsedMs: 9_000, attempts: 2 })).toBe('tryingAgain');
    expect(unlockPhase({ ...base, elapsedMs: 15_000, attempts: 3 })).toBe('lastTry');
  });

  it('fails after 20 s with a retry left, then sends the guest to the reception', () => {
    expect(unlockPhase({ ...base, elapsedMs: UNLOCK_CONFIRM_WAIT_MS - 1 })).toBe('unlocking');
    expect(unlockPhase({ ...base, elapsedMs: UNLOCK_CONFIRM_WAIT_MS })).toBe('failed');
    expect(unlockPhase({ ...base, elapsedMs: UNLOCK_CONFIRM_WAIT_MS, retriesLeft: 0 })).toBe('reception');
  });
});

describe('formatElapsed', () => {
  it('shows minutes and seconds, and hours once there are any', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65)).toBe('1:05');
    expect(formatElapsed(3_723)).toBe('1:02:03');
    expect(formatElapsed(-4)).toBe('0:00');
  });
});
