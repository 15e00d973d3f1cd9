import { MAP } from '@fairway/domain';
// After Leaflet: the plugin adds itself to the global `L` that Leaflet sets. It must be reached through that
// object at call time: a named import is bound when the bundle is built, before the plugin ran, and is
// undefined in the production build.
import L, { type MarkerCluster, type MarkerClusterGroup } from 'leaflet';
import 'leaflet.markercluster';
import { isAlertedCartIcon, isOverdueCartIcon } from './cart-marker-icon';
import { escapeHtml } from './escape-html';

const CLUSTER_SIZE = 40;

/**
 * The cluster group of spec §9 (radius 70 px, single carts again from zoom 19). Bubbles are drawn in one
 * neutral colour: the plugin's green, yellow and orange would read as cart states. A bubble that holds a
 * cart inside a restriction zone pulses like that cart's own marker would, and one that holds a cart whose
 * ride is overdue wears its amber ring.
 */
export function createCartClusterGroup(countLabel: (count: number) => string): MarkerClusterGroup {
  return L.markerClusterGroup({
    maxClusterRadius: MAP.clusterRadius,
    disableClusteringAtZoom: MAP.disableClusteringAtZoom,
    showCoverageOnHover: false,
    iconCreateFunction: (cluster: MarkerCluster) => {
      const count = cluster.getChildCount();
      const icons = cluster.getAllChildMarkers().map((marker) => marker.options.icon);
      const alerted = icons.some(isAlertedCartIcon);
      const overdue = icons.some(isOverdueCartIcon);
      return L.divIcon({
        className: [
          'fw-map-marker fw-cart-cluster',
          alerted && 'fw-cart-marker--alerted',
          overdue && 'fw-cart-cluster--overdue',
        ]
          .filter(Boolean)
          .join(' '),
        html: `<span class="fw-map-pin fw-cart-cluster__count" aria-label="${escapeHtml(countLabel(count))}">${count}</span>`,
        iconSize: [CLUSTER_SIZE, CLUSTER_SIZE],
      });
    },
  });
}
