import { divIcon, type DivIcon } from 'leaflet';

const ICON_SIZE = 28;

/** Which point of the ride a marker stands for: where it began, where it ended, where the cart is now. */
export type RidePoint = 'start' | 'end' | 'current';

/** Spec §2 Rides: the start is labelled 1, the end 2; the open ride's cart has a pulsing dot instead. */
const LABELS: Record<RidePoint, string> = { start: '1', end: '2', current: '' };

export function rideMarkerIcon(point: RidePoint): DivIcon {
  return divIcon({
    className: `fw-map-marker fw-ride-marker fw-ride-marker--${point}`,
    html: `<span class="fw-map-pin fw-ride-marker__pin--${point}">${LABELS[point]}</span>`,
    iconSize: [ICON_SIZE, ICON_SIZE],
    iconAnchor: [ICON_SIZE / 2, ICON_SIZE / 2],
  });
}
