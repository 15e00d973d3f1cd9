import { MAP } from '@fairway/domain';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { LatLngTuple } from '../lib/marker-animation';

/** Re-centres on the site when the operator switches site (MapContainer only reads `center` once). */
export function FollowSiteCenter({ center }: { center: LatLngTuple }) {
  const map = useMap();
  const [lat, lng] = center;
  useEffect(() => {
    map.setView([lat, lng], MAP.defaultZoom);
  }, [map, lat, lng]);
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
