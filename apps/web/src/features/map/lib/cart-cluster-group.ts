import { MAP } from '@fairway/domain';
// After Leaflet: the plugin adds itself to the global `L` that Leaflet sets. It must be reached through that
// object at call time: a named import is bound when the bundle is built, before the plugin ran, and is
// undefined in the production build.
import L, { type MarkerCluster, type MarkerClusterGroup } from 'leaflet';
import 'leaflet.markercluster';
import { isAlertedCartIcon } from './cart-marker-icon';
import { escapeHtml } from './escape-html';

const CLUSTER_SIZE = 40;

/**
 * The cluster group of spec §9 (radius 70 px, single carts again from zoom 19). Bubbles are drawn in one
 * neutral colour: the plugin's green, yellow and orange would read as cart states. A bubble that holds a
 * cart inside a restriction zone pulses like that cart's own marker would.
 */
export function createCartClusterGroup(countLabel: (count: number) => string): MarkerClusterGroup {
  return L.markerClusterGroup({
    maxClusterRadius: MAP.clusterRadius,
    disableClusteringAtZoom: MAP.disableClusteringAtZoom,
    showCoverageOnHover: false,
    iconCreateFunction: (cluster: MarkerCluster) => {
      const count = cluster.getChildCount();
      const alerted = cluster.getAllChildMarkers().some((marker) => isAlertedCartIcon(marker.options.icon));
      return L.divIcon({
        className: alerted
          ? 'fw-map-marker fw-cart-cluster fw-cart-marker--alerted'
          : 'fw-map-marker fw-cart-cluster',
        html: `<span class="fw-map-pin fw-cart-cluster__count" aria-label="${escapeHtml(countLabel(count))}">${count}</span>`,
        iconSize: [CLUSTER_SIZE, CLUSTER_SIZE],
      });
    },
  });
}
