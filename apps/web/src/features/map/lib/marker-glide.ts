import { DomUtil, type Map as LeafletMap, type Marker } from 'leaflet';
import { animateLatLng, type LatLngTuple } from './marker-animation';

/**
 * Draws `marker` gliding from `from` to its (already set) position over `durationMs`.
 *
 * Only the icon element moves; the marker's own position is the reported one from the start. That keeps
 * clustering cheap and correct: the cluster group re-files a marker on every position change, so moving
 * the marker itself each frame would rebuild its element sixty times a second. A zoom ends the glide,
 * because Leaflet then redraws the icon at the marker's position for the new scale.
 * `onFrame` learns where the icon is drawn, so the next glide can start from there; the returned function
 * stops the glide where it stands.
 */
export function glideMarkerIcon(
  map: LeafletMap,
  marker: Marker,
  from: LatLngTuple,
  durationMs: number,
  onFrame: (shown: LatLngTuple) => void,
): () => void {
  const target = marker.getLatLng();
  const to: LatLngTuple = [target.lat, target.lng];
  const draw = (position: LatLngTuple) => {
    onFrame(position);
    const element = marker.getElement();
    if (element) DomUtil.setPosition(element, map.latLngToLayerPoint([position[0], position[1]]));
  };
  // Drawn at once: the marker already stands at the target, and one painted frame there would flicker.
  draw(from);
  const cancelAnimation = animateLatLng(from, to, durationMs, draw);
  const endOnZoom = () => {
    stop();
    onFrame(to);
  };
  const stop = () => {
    cancelAnimation();
    map.off('zoomstart', endOnZoom);
  };
  map.on('zoomstart', endOnZoom);
  return stop;
}
