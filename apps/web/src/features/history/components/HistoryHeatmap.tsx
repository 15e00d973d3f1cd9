// Leaflet first: leaflet.heat is a plain script that extends the global `L` Leaflet sets when it loads.
import L, { type HeatLayer } from 'leaflet';
import 'leaflet.heat';
import { useEffect, useMemo } from 'react';
import { useMap } from 'react-leaflet';
import { HEATMAP, heatIntensities, heatmapStyle } from '../lib/heatmap-style';

/** The heat cells as a leaflet.heat layer, restyled at every zoom (spec §9). */
export function HistoryHeatmap({ points }: { points: ReadonlyArray<readonly [number, number, number]> }) {
  const map = useMap();
  const layer = useMemo(
    // maxZoom: intensities apply as they are from the default zoom in, halved per level out (leaflet.heat).
    () =>
      drawOnlyOnAMap(L.heatLayer([], { ...heatmapStyle(map.getZoom()), max: 1, maxZoom: HEATMAP.fullZoom })),
    [map],
  );

  useEffect(() => {
    layer.addTo(map);
    const restyle = () => layer.setOptions(heatmapStyle(map.getZoom()));
    map.on('zoomend', restyle);
    return () => {
      map.off('zoomend', restyle);
      layer.remove();
    };
  }, [map, layer]);

  useEffect(() => {
    layer.setLatLngs(heatIntensities(points));
  }, [layer, points]);

  return null;
}

/**
 * leaflet.heat draws on an animation frame that removing the layer does not cancel (and a synchronous
 * redraw forgets): a frame due after the layer left the map would find no map and throw.
 */
function drawOnlyOnAMap(layer: HeatLayer): HeatLayer {
  const internals = layer as unknown as { _redraw(): void; _map: unknown };
  const redraw = internals._redraw;
  internals._redraw = function (this: typeof internals) {
    if (this._map) redraw.call(this);
  };
  return layer;
}
