import { useState } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';

/** The map's current zoom level, following every zoom (must be rendered inside the MapContainer). */
export function useMapZoom(): number {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  return zoom;
}
