import { ZONE_COLOURS, ZONE_FILL_OPACITY, type ZoneType } from '@fairway/domain';
import type { PathOptions } from 'leaflet';

/** Spec §9: the outline is 12 px at zoom 18 and halves with every level zoomed out, never under 1 px. */
const FULL_WEIGHT = 12;
const FULL_WEIGHT_ZOOM = 18;

export function zoneLineWeight(zoom: number): number {
  return Math.max(1, Math.min(FULL_WEIGHT, FULL_WEIGHT * 2 ** (zoom - FULL_WEIGHT_ZOOM)));
}

/**
 * How a zone is drawn: its own colour (defaulting to its type's) and the type's fill opacity. A geofence
 * has no fill at all rather than an invisible one, so in the editor only its outline takes clicks and the
 * zones inside it stay clickable.
 */
export function zonePathOptions(type: ZoneType, color: string | undefined, zoom: number): PathOptions {
  const stroke = color ?? ZONE_COLOURS[type];
  return {
    color: stroke,
    fillColor: stroke,
    fill: ZONE_FILL_OPACITY[type] > 0,
    fillOpacity: ZONE_FILL_OPACITY[type],
    weight: zoneLineWeight(zoom),
    opacity: 0.9,
  };
}
