import { MAP } from '@fairway/domain';
import { describe, expect, it } from 'vitest';
import { animateLatLng, interpolateLatLng, type AnimationClock } from './marker-animation';

/** A clock the test advances frame by frame. */
function manualClock() {
  let time = 0;
  let pending: (() => void) | null = null;
  const clock: AnimationClock = {
    now: () => time,
    requestFrame: (callback) => {
      pending = callback;
      return 1;
    },
    cancelFrame: () => {
      pending = null;
    },
  };
  const frameAt = (ms: number) => {
    time = ms;
    const callback = pending;
    pending = null;
    callback?.();
  };
  return { clock, frameAt, hasPendingFrame: () => pending !== null };
}

describe('marker animation', () => {
  it('interpolates in a straight line and clamps to the ends', () => {
    expect(interpolateLatLng([50, 14], [51, 16], 0.5)).toEqual([50.5, 15]);
    expect(interpolateLatLng([50, 14], [51, 16], 2)).toEqual([51, 16]);
    expect(interpolateLatLng([50, 14], [51, 16], -1)).toEqual([50, 14]);
  });

  it('glides to the new position over the marker animation time, then stops', () => {
    const { clock, frameAt, hasPendingFrame } = manualClock();
    const applied: [number, number][] = [];
    animateLatLng(
      [50, 14],
      [50.002, 14.004],
      MAP.markerAnimationMs,
      (position) => applied.push(position),
      clock,
    );

    frameAt(MAP.markerAnimationMs / 2);
    expect(applied.at(-1)?.[0]).toBeCloseTo(50.001, 9);
    expect(applied.at(-1)?.[1]).toBeCloseTo(14.002, 9);
    expect(hasPendingFrame()).toBe(true);

    frameAt(MAP.markerAnimationMs);
    expect(applied.at(-1)).toEqual([50.002, 14.004]);
    expect(hasPendingFrame()).toBe(false);
  });

  it('stops moving when cancelled (a newer report takes over)', () => {
    const { clock, frameAt, hasPendingFrame } = manualClock();
    const applied: unknown[] = [];
    const cancel = animateLatLng([50, 14], [51, 15], 2_000, (position) => applied.push(position), clock);
    frameAt(500);
    cancel();
    expect(hasPendingFrame()).toBe(false);
    expect(applied).toHaveLength(1);
  });
});
