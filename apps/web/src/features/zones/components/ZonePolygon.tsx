import type { ZoneView } from '@fairway/domain';
import type { LeafletMouseEvent, Polygon as LeafletPolygon } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { Polygon } from 'react-leaflet';
import { ringToLatLngs } from '../lib/zone-rings';
import { zonePathOptions } from '../lib/zone-style';

interface ZonePolygonProps {
  zone: ZoneView;
  zoom: number;
  /** Makes the zone clickable (the editor); without it clicks go through to the map. */
  onClick?: (layer: LeafletPolygon) => void;
}

/**
 * One zone on the map. Positions are memoised on the geometry object: react-leaflet resets the outline
 * whenever they change identity, which would undo an edit in progress. Leaflet cannot switch a layer's
 * interactivity later, so the parent keys the component on it.
 */
export function ZonePolygon({ zone, zoom, onClick }: ZonePolygonProps) {
  const ref = useRef<LeafletPolygon>(null);
  const positions = useMemo(() => ringToLatLngs(zone.geometry.coordinates[0] ?? []), [zone.geometry]);
  const { type, color } = zone.properties;
  const pathOptions = useMemo(() => zonePathOptions(type, color, zoom), [type, color, zoom]);

  // Handlers bound once (react-leaflet rebinds on every new object); the latest onClick is called.
  const onClickRef = useRef(onClick);
  useEffect(() => {
    onClickRef.current = onClick;
  });
  const eventHandlers = useMemo(
    () => ({ click: (event: LeafletMouseEvent) => onClickRef.current?.(event.target as LeafletPolygon) }),
    [],
  );

  // For the end-to-end tests: the SVG path exists once react-leaflet (a child) has added the layer.
  useEffect(() => {
    const element = ref.current?.getElement();
    element?.setAttribute('data-testid', `zone-${zone._id}`);
    element?.setAttribute('data-zone-type', zone.properties.type);
  }, [zone._id, zone.properties.type]);

  return (
    <Polygon
      ref={ref}
      positions={positions}
      pathOptions={pathOptions}
      interactive={onClick !== undefined}
      eventHandlers={eventHandlers}
    />
  );
}
