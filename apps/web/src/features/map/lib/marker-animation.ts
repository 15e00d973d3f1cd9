export type LatLngTuple = readonly [number, number];

/** The point `progress` (0..1, clamped) of the way from `from` to `to`, in a straight line. */
export function interpolateLatLng(from: LatLngTuple, to: LatLngTuple, progress: number): [number, number] {
  const t = Math.min(1, Math.max(0, progress));
  return [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
}

export interface AnimationClock {
  now(): number;
  requestFrame(callback: () => void): number;
  cancelFrame(handle: number): void;
}

const browserClock: AnimationClock = {
  now: () => performance.now(),
  requestFrame: (callback) => requestAnimationFrame(callback),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
};

/**
 * Moves something from `from` to `to` over `durationMs`, calling `apply` every frame. Linear on purpose:
 * carts report every few seconds and each glide should run into the next one without easing stops.
 * Returns a cancel function; a new report cancels the running glide and starts from where it stood.
 */
export function animateLatLng(
  from: LatLngTuple,
  to: LatLngTuple,
  durationMs: number,
  apply: (position: [number, number]) => void,
  clock: AnimationClock = browserClock,
): () => void {
  const start = clock.now();
  let handle = 0;
  const step = () => {
    const progress = durationMs <= 0 ? 1 : (clock.now() - start) / durationMs;
    apply(interpolateLatLng(from, to, progress));
    if (progress < 1) handle = clock.requestFrame(step);
  };
  handle = clock.requestFrame(step);
  return () => clock.cancelFrame(handle);
}
