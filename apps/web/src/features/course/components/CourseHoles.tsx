import '../course.css';
import type { CourseHole } from '@fairway/domain';
import { CircleMarker, Marker, Polyline } from 'react-leaflet';
import { FAIRWAY_CASING, FAIRWAY_COLOUR, holeLabelIcon } from '../lib/course-style';
import { toLatLng } from '../lib/course-edits';

interface CourseHolesProps {
  holes: readonly CourseHole[];
  /** Makes each hole clickable (the editor selects it); without it clicks go through to the map. */
  onSelect?: (number: number) => void;
}

/**
 * The course as vector shapes, drawn without any tiles: each fairway as a line from tee to green, the tee as
 * a white dot, the green as a green one, and the hole's number beside its tee.
 */
export function CourseHoles({ holes, onSelect }: CourseHolesProps) {
  return holes.map((hole) => (
    <HoleShape
      // Leaflet cannot switch a layer's interactivity later, so the key carries it.
      key={`${hole.number}:${onSelect ? 'select' : 'show'}`}
      hole={hole}
      onSelect={onSelect}
    />
  ));
}

function HoleShape({ hole, onSelect }: { hole: CourseHole; onSelect?: (number: number) => void }) {
  const line = hole.fairway.map(toLatLng);
  const interactive = onSelect !== undefined;
  const eventHandlers = interactive ? { click: () => onSelect(hole.number) } : undefined;
  return (
    <>
      <Polyline
        positions={line}
        interactive={false}
        pathOptions={{ color: FAIRWAY_CASING, weight: 8, opacity: 0.7 }}
      />
      <Polyline
        positions={line}
        interactive={interactive}
        bubblingMouseEvents={false}
        eventHandlers={eventHandlers}
        pathOptions={{ color: FAIRWAY_COLOUR, weight: 4, opacity: 0.9 }}
      />
      <CircleMarker
        center={toLatLng(hole.tee)}
        radius={5}
        interactive={interactive}
        bubblingMouseEvents={false}
        eventHandlers={eventHandlers}
        pathOptions={{ color: FAIRWAY_COLOUR, weight: 2, fillColor: '#ffffff', fillOpacity: 1 }}
      />
      <CircleMarker
        center={toLatLng(hole.green)}
        radius={7}
        interactive={interactive}
        bubblingMouseEvents={false}
        eventHandlers={eventHandlers}
        pathOptions={{ color: '#ffffff', weight: 2, fillColor: '#43a047', fillOpacity: 1 }}
      />
      <HoleLabel hole={hole} />
    </>
  );
}

/** The hole's number beside its tee, under the carts: a label must never hide a cart standing on the tee. */
export function HoleLabel({ hole }: { hole: Pick<CourseHole, 'number' | 'tee'> }) {
  return (
    <Marker
      position={toLatLng(hole.tee)}
      icon={holeLabelIcon(hole.number)}
      interactive={false}
      keyboard={false}
      zIndexOffset={-1000}
    />
  );
}
