import { MAP } from '@fairway/domain';
import { latLngBounds, type Map as LeafletMap } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { LatLngTuple } from '../lib/marker-animation';

/**
 * Brings the whole fleet into view: fits every cart that has a position (spec padding 50), never closer
 * than the default zoom; the site's centre at the default zoom while no cart has reported yet. A course
 * spreads over kilometres, so the site centre at zoom 17 alone would hide most carts.
 */
export function showFleet(map: LeafletMap, center: LatLngTuple, positions: readonly LatLngTuple[]): void {
  if (positions.length === 0) {
    map.setView([center[0], center[1]], MAP.defaultZoom);
    return;
  }
  const bounds = latLngBounds(positions.map(([lat, lng]) => [lat, lng]));
  map.fitBounds(bounds, { padding: [MAP.fitPadding, MAP.fitPadding], maxZoom: MAP.defaultZoom });
}

/**
 * Shows the fleet once per site: on the first render with positions, and again when the operator switches
 * site (MapContainer reads its centre only once). Later updates never move the view under the operator.
 */
export function FollowSiteFleet({
  siteId,
  center,
  positions,
}: {
  siteId: string;
  center: LatLngTuple;
  positions: readonly LatLngTuple[];
}) {
  const map = useMap();
  const shownFor = useRef<string | null>(null);
  const hasPositions = positions.length > 0;
  useEffect(() => {
    if (shownFor.current === siteId) return;
    showFleet(map, center, positions);
    if (hasPositions) shownFor.current = siteId;
    // Positions change with every report; only the site and the first positions decide the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, siteId, hasPositions]);
  return null;
}

/** A request to look at one cart: a new object per selection, with the position at that moment. */
export interface FocusRequest {
  position: LatLngTuple;
}

/** Spec §2 Map: selecting a cart recentres on it at the cart focus zoom (the view does not follow it). */
export function FocusOnCart({ request }: { request: FocusRequest | null }) {
  const map = useMap();
  useEffect(() => {
    if (!request) return;
    map.flyTo([request.position[0], request.position[1]], MAP.cartFocusZoom, { duration: 0.8 });
  }, [map, request]);
  return null;
}
