import 'leaflet/dist/leaflet.css';
import './base-map.css';
import { MAP } from '@fairway/domain';
import { useState, type ReactNode } from 'react';
import { MapContainer } from 'react-leaflet';
import { useAppConfig } from '../../lib/app-config';
import { useBaseLayer } from './base-layer';
import { BaseLayerToggle } from './BaseLayerToggle';
import { BaseTileLayer } from './BaseTileLayer';
import { MapOverlay } from './MapOverlay';

export interface BaseMapProps {
  /** [lat, lng] the map opens on, at the default zoom */
  center: readonly [number, number];
  /** The layers and overlays of the page's map, drawn over the tiles. */
  children: ReactNode;
  /** Controls in the top-right corner, under the street/satellite switch. */
  controls?: ReactNode;
  /**
   * Overlays after the controls, told whether the tiles are unavailable (no config, or tiles that fail and
   * none loaded): each map says so in its own place, the rest of it stays usable.
   */
  notices?: (tiles: { unavailable: boolean }) => ReactNode;
}

/**
 * The one Leaflet map of the web app (the live map and a ride's map): filling its box, zoom 17 up to 22,
 * the street or satellite tiles the server's config names (with their attribution), and the switch
 * between them, remembered locally. Everything a page draws on it is a declarative child.
 */
export function BaseMap({ center, children, controls, notices }: BaseMapProps) {
  const config = useAppConfig();
  const [baseLayer, setBaseLayer] = useBaseLayer();
  const [tilesFailed, setTilesFailed] = useState(false);
  const tileSource = config.data?.tiles[baseLayer];

  return (
    <MapContainer
      center={[center[0], center[1]]}
      zoom={MAP.defaultZoom}
      maxZoom={MAP.maxZoom}
      className="fw-map"
      style={{ height: '100%', width: '100%' }}
      zoomControl
    >
      {tileSource && (
        <BaseTileLayer
          key={baseLayer}
          source={tileSource}
          onUnavailable={() => setTilesFailed(true)}
          onAvailable={() => setTilesFailed(false)}
        />
      )}
      {children}
      <MapOverlay corner="top-right">
        <BaseLayerToggle value={baseLayer} onChange={setBaseLayer} />
        {controls}
      </MapOverlay>
      {notices?.({ unavailable: tilesFailed || config.isError })}
    </MapContainer>
  );
}
