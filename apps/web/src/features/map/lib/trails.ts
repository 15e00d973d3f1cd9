import { parseLatLng, type CartView } from '@fairway/domain';
/**
 * A cart's path, oldest point first. Never changed once made (a new point makes a new array); the
 * tuples are not marked readonly only because Leaflet's polyline type does not accept readonly ones.
 */
export type Trail = [number, number][];
export type TrailsById = Readonly<Record<string, Trail>>;

/**
 * Points kept per cart. Carts report every few seconds, so this is the last quarter of an hour or so of
 * driving: enough to see where a cart came from, while a page left open all day stays small.
 */
export const TRAIL_MAX_POINTS = 300;

/**
 * Each cart's path as seen since the page opened: its newest position is appended when it differs from
 * the last one, the oldest points drop off beyond `maxPoints`, and carts no longer in the list (another
 * site, a cart moved away) lose their trail. Returns `trails` itself when nothing changed, so React can
 * skip the redraw.
 */
export function extendTrails(
  trails: TrailsById,
  carts: readonly Pick<CartView, '_id' | 'gpsCoordinates'>[],
  maxPoints: number = TRAIL_MAX_POINTS,
): TrailsById {
  let changed = Object.keys(trails).length !== carts.length;
  const next: Record<string, Trail> = {};
  for (const cart of carts) {
    const trail = trails[cart._id] ?? [];
    const position = parseLatLng(cart.gpsCoordinates);
    const last = trail.at(-1);
    if (!position || (last && last[0] === position[0] && last[1] === position[1])) {
      next[cart._id] = trail;
      if (!(cart._id in trails)) changed = true;
      continue;
    }
    next[cart._id] = [...trail, position].slice(-maxPoints);
    changed = true;
  }
  return changed ? next : trails;
}
