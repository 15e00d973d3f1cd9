import { describe, expect, it } from 'vitest';
import { isOverdue, rideOverrun, type RideOverrunMark } from './ride-overrun';

const START = Date.parse('2026-06-01T09:00:00Z');
const min = (minutes: number) => minutes * 60_000;
const sec = (seconds: number) => seconds * 1000;
/** A 60-minute ride started at 09:00, never paused. */
const ride = { start: START, serviceMinutes: 60, pausedSeconds: 0, pausedAt: null };

describe('rideOverrun', () => {
  it('is due the service duration after the start, alerted the grace later', () => {
    const at = rideOverrun(ride, 10, START)!;
    expect(at.dueAt).toBe(START + min(60));
    expect(at.alertAt).toBe(START + min(70));
  });

  it('is overdue from the alert instant on, not a millisecond before', () => {
    expect(rideOverrun(ride, 10, START + min(70) - 1)!.overdue).toBe(false);
    expect(rideOverrun(ride, 10, START + min(70))!.overdue).toBe(true);
    expect(rideOverrun(ride, 10, START + min(70) + 1)!.overdue).toBe(true);
  });

  it('counts whole seconds past due, 0 before due and inside the grace before it', () => {
    expect(rideOverrun(ride, 10, START + min(60) - 1)!.overdueSeconds).toBe(0);
    expect(rideOverrun(ride, 10, START + min(60) + sec(1) - 1)!.overdueSeconds).toBe(0);
    expect(rideOverrun(ride, 10, START + min(60) + sec(1))!.overdueSeconds).toBe(1);
    expect(rideOverrun(ride, 10, START + min(72))!.overdueSeconds).toBe(12 * 60);
  });

  it('alerts at due with no grace', () => {
    expect(rideOverrun(ride, 0, START + min(60) - 1)!.overdue).toBe(false);
    expect(rideOverrun(ride, 0, START + min(60))!.overdue).toBe(true);
  });

  it('adds the pauses that ended to the due time', () => {
    const paused = { ...ride, pausedSeconds: 300 };
    expect(rideOverrun(paused, 10, START)!.dueAt).toBe(START + min(65));
    expect(rideOverrun(paused, 10, START + min(75) - 1)!.overdue).toBe(false);
    expect(rideOverrun(paused, 10, START + min(75))!.overdue).toBe(true);
  });

  it('moves the due time with the clock while paused, so a pause before the alert never alerts', () => {
    const paused = { ...ride, pausedAt: START + min(50) };
    for (const now of [START + min(70), START + min(200), START + min(600)]) {
      const at = rideOverrun(paused, 10, now)!;
      expect(at.overdue).toBe(false);
      // 50 minutes ridden of 60: due 10 minutes after now, whenever now is.
      expect(at.dueAt).toBe(now + min(10));
    }
  });

  it('keeps a ride paused after its alert overdue by as much as when it paused', () => {
    const paused = { ...ride, pausedAt: START + min(75) };
    for (const now of [START + min(80), START + min(300)]) {
      const at = rideOverrun(paused, 10, now)!;
      expect(at.overdue).toBe(true);
      expect(at.overdueSeconds).toBe(15 * 60);
    }
  });

  it('takes a pause that starts after now (a skewed clock) as no pause', () => {
    const at = rideOverrun({ ...ride, pausedAt: START + min(80) }, 10, START + min(70))!;
    expect(at.dueAt).toBe(START + min(60));
    expect(at.overdue).toBe(true);
  });

  it('reads ISO text and Dates as the API and the rows give them', () => {
    const text = rideOverrun(
      { start: '2026-06-01T09:00:00.000Z', serviceMinutes: 60, pausedSeconds: 0, pausedAt: null },
      10,
      START,
    )!;
    const date = rideOverrun({ ...ride, start: new Date(START) }, 10, START)!;
    expect(text.dueAt).toBe(START + min(60));
    expect(date.dueAt).toBe(START + min(60));
  });

  it('is nothing for a ride without a service duration', () => {
    expect(rideOverrun({ ...ride, serviceMinutes: null }, 10, START + min(1000))).toBeNull();
    expect(rideOverrun({ ...ride, serviceMinutes: 0 }, 10, START + min(1000))).toBeNull();
  });
});

describe('isOverdue', () => {
  const mark: RideOverrunMark = { ...ride, graceMinutes: 10, alertedAt: null };

  it('follows the rule before the alert', () => {
    expect(isOverdue(mark, START + min(70) - 1)).toBe(false);
    expect(isOverdue(mark, START + min(70))).toBe(true);
  });

  it('stays overdue once alerted, even if the grace was raised since', () => {
    const alerted = { ...mark, graceMinutes: 120, alertedAt: START + min(70) };
    expect(isOverdue(alerted, START + min(71))).toBe(true);
  });

  it('is never overdue without a ride or a service', () => {
    expect(isOverdue(null, START + min(1000))).toBe(false);
    expect(isOverdue(undefined, START + min(1000))).toBe(false);
    expect(isOverdue({ ...mark, serviceMinutes: null }, START + min(1000))).toBe(false);
  });
});
