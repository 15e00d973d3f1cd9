import { roundRing, type LngLat } from '@fairway/domain';
import type { LatLng, LatLngTuple, Polygon } from 'leaflet';

/**
 * GeoJSON rings are closed [lng, lat] lists; Leaflet polygons hold open [lat, lng] lists. These convert
 * between the two at the map's edge, so the rest of the feature speaks GeoJSON like the server.
 */
export function ringToLatLngs(ring: readonly LngLat[]): LatLngTuple[] {
  const closed = ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1];
  return (closed ? ring.slice(0, -1) : ring).map(([lng, lat]) => [lat, lng]);
}

/** The closed ring, rounded to 6 decimals as the server stores it, of a polygon's outer boundary. */
export function latLngsToRing(latLngs: readonly LatLng[]): Array<[number, number]> {
  const ring = latLngs.map((point): [number, number] => [point.lng, point.lat]);
  return roundRing(ring.length > 0 ? [...ring, ring[0]!] : ring);
}

/** The outer ring of a Leaflet polygon (drawn or edited by Geoman), as a closed, rounded GeoJSON ring. */
export function polygonRing(polygon: Polygon): Array<[number, number]> {
  const rings = polygon.getLatLngs() as LatLng[][];
  return latLngsToRing(rings[0] ?? []);
}
