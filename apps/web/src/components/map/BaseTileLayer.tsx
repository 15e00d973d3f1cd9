import { MAP } from '@fairway/domain';
import { TileLayer } from 'react-leaflet';
import type { TileSource } from '../../lib/app-config';

interface BaseTileLayerProps {
  source: TileSource;
  /** Called once when tiles fail and none has loaded: the map then says so, the carts stay usable. */
  onUnavailable: () => void;
  onAvailable: () => void;
}

/**
 * The street or satellite background. Providers serve tiles up to zoom 18 (maxNativeZoom); closer
 * zooms, up to 22, enlarge those tiles so carts on a green can still be told apart.
 */
export function BaseTileLayer({ source, onUnavailable, onAvailable }: BaseTileLayerProps) {
  return (
    <TileLayer
      url={source.url}
      attribution={source.attribution}
      maxZoom={MAP.maxZoom}
      maxNativeZoom={MAP.maxNativeZoom}
      eventHandlers={{ tileerror: onUnavailable, tileload: onAvailable }}
    />
  );
}
