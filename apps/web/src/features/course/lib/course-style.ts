import { divIcon, type DivIcon } from 'leaflet';

/**
 * How the course looks on every map: fairways in a deep green over a white casing, so they read on the
 * tile-less background, on streets and on satellite alike; the selected hole in the maps' highlight purple.
 */
export const FAIRWAY_COLOUR = '#1b5e20';
export const FAIRWAY_CASING = '#ffffff';

/** A hole's number beside its tee: a small label, never interactive (clicks go to what lies under it). */
export function holeLabelIcon(number: number): DivIcon {
  return divIcon({
    className: 'fw-course-label',
    html: `<span>${number}</span>`,
    iconSize: [22, 16],
    // Up and to the right of the tee, so the label never hides the tee itself.
    iconAnchor: [-4, 20],
  });
}

/** What a point of the hole being edited is: its tee, its green or a waypoint of the fairway between. */
export type HandleKind = 'tee' | 'green' | 'point';

const HANDLE_SIZE: Record<HandleKind, number> = { tee: 18, green: 20, point: 14 };

/** The draggable handle of a point of the hole being edited; the selected waypoint is drawn larger. */
export function handleIcon(kind: HandleKind, selected: boolean): DivIcon {
  const size = HANDLE_SIZE[kind] + (selected ? 6 : 0);
  return divIcon({
    className: `fw-map-marker fw-course-handle fw-course-handle--${kind}${selected ? ' fw-course-handle--selected' : ''}`,
    html: '<span></span>',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}
