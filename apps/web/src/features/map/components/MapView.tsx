import { MAP } from '@fairway/domain';
import type { ReactNode } from 'react';
import { MapContainer } from 'react-leaflet';
import type { LatLngTuple } from '../lib/marker-animation';

/**
 * The one map of the page. Everything drawn on it (tiles, zones, trails, carts, the history and zone tools,
 * overlay controls) is a small declarative child, so features add layers without touching this component.
 */
export function MapView({ center, children }: { center: LatLngTuple; children: ReactNode }) {
  return (
    <MapContainer
      center={[center[0], center[1]]}
      zoom={MAP.defaultZoom}
      maxZoom={MAP.maxZoom}
      className="fw-map"
      style={{ height: '100%', width: '100%' }}
      zoomControl
    >
      {children}
    </MapContainer>
  );
}
