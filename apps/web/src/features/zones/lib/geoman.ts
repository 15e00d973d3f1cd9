// Geoman extends the global `L` when it loads, so Leaflet (which sets `window.L`) must be evaluated first;
// ES modules run their imports in order, which this file pins. Maps created afterwards get `map.pm`.
import 'leaflet';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import type { Map as LeafletMap } from 'leaflet';

export interface DrawTooltips {
  firstVertex: string;
  continueLine: string;
  finishPoly: string;
}

/**
 * Editor-wide Geoman settings: outlines may never cross themselves (spec §2), snapping is off (it would
 * snap to moving carts), and the drawing hints come from our translations. Geoman's `setLang` merges the
 * override into its English table, so the language code passed does not matter; ours is always applied.
 */
export function configureGeoman(map: LeafletMap, tooltips: DrawTooltips): void {
  map.pm.setGlobalOptions({ allowSelfIntersection: false, snappable: false });
  map.pm.setLang('en', { tooltips }, 'en');
}
