import type { CartView } from '@fairway/domain';
import { useState } from 'react';
import { extendTrails, type TrailsById } from './lib/trails';

/**
 * Every cart's path since the page opened, from the live updates (ride paths proper replace it once rides
 * are recorded). Grows as the carts' list changes, in render, so a trail never lags a frame behind its
 * marker.
 */
export function useLiveTrails(carts: readonly CartView[]): TrailsById {
  const [recorded, setRecorded] = useState(() => ({ carts, trails: extendTrails({}, carts) }));
  if (recorded.carts === carts) return recorded.trails;
  const trails = extendTrails(recorded.trails, carts);
  setRecorded({ carts, trails });
  return trails;
}
