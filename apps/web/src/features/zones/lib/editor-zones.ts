import { ZONE_COLOURS, type ZoneType, type ZoneView } from '@fairway/domain';

/** A selected zone drawn with the type picked for it, keeping its geometry object so the edit survives. */
function withType(zone: ZoneView, type: ZoneType): ZoneView {
  if (zone.properties.type === type) return zone;
  // Mirrors the server: a zone with its type's default colour takes the new type's; a custom one stays.
  const color =
    zone.properties.color === ZONE_COLOURS[zone.properties.type] ? ZONE_COLOURS[type] : zone.properties.color;
  return { ...zone, properties: { type, color } };
}

/** Geofences first, so the smaller zones inside them are drawn on top and can be clicked. */
const geofencesFirst = (a: ZoneView, b: ZoneView) =>
  Number(b.properties.type === 'geofence') - Number(a.properties.type === 'geofence');

/**
 * The zones as the editor draws them: the one being edited is its snapshot from when it was picked (so a
 * socket refresh of the list cannot reset the outline under the operator's hands) in the type chosen.
 */
export function editorZones(
  zones: readonly ZoneView[],
  selected: { zone: ZoneView; type: ZoneType } | null,
): ZoneView[] {
  return zones
    .map((zone) =>
      selected && selected.zone._id === zone._id ? withType(selected.zone, selected.type) : zone,
    )
    .sort(geofencesFirst);
}
