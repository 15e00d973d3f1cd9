import type { CourseHole } from '@fairway/domain';
import type { LeafletMouseEvent, Marker as LeafletMarker } from 'leaflet';
import { useTranslation } from 'react-i18next';
import { Marker, Polyline } from 'react-leaflet';
import { HIGHLIGHT_COLOUR } from '../../../components/map/map-colours';
import { fromLatLng, isWaypoint, toLatLng, type LngLat } from '../lib/course-edits';
import { handleIcon, type HandleKind } from '../lib/course-style';
import { HoleLabel } from './CourseHoles';

interface SelectedHoleProps {
  hole: CourseHole;
  /** The selected point's index in the fairway (0 the tee, the last the green), or null. */
  selectedPoint: number | null;
  onSelectPoint: (index: number) => void;
  onMovePoint: (index: number, position: LngLat) => void;
  /** A click on the fairway's line: a new waypoint there. */
  onInsertPoint: (position: LngLat) => void;
  /** A waypoint's context action (right click, long press). */
  onRemovePoint: (index: number) => void;
}

/**
 * The hole being edited: its fairway in the highlight colour (a click on the line adds a waypoint there) and
 * a draggable handle on the tee, the green and every waypoint between.
 */
export function SelectedHole({
  hole,
  selectedPoint,
  onSelectPoint,
  onMovePoint,
  onInsertPoint,
  onRemovePoint,
}: SelectedHoleProps) {
  const { t } = useTranslation();
  const last = hole.fairway.length - 1;
  const kindOf = (index: number): HandleKind => (index === 0 ? 'tee' : index === last ? 'green' : 'point');
  const titleOf = (index: number): string =>
    index === 0
      ? t('course.handles.tee', { number: hole.number })
      : index === last
        ? t('course.handles.green', { number: hole.number })
        : t('course.handles.point', { number: hole.number, index });

  return (
    <>
      <Polyline
        positions={hole.fairway.map(toLatLng)}
        bubblingMouseEvents={false}
        eventHandlers={{
          click: (event: LeafletMouseEvent) => onInsertPoint(fromLatLng(event.latlng.lat, event.latlng.lng)),
        }}
        pathOptions={{ color: HIGHLIGHT_COLOUR, weight: 6, opacity: 0.9 }}
      />
      {hole.fairway.map((point, index) => (
        <Marker
          // A point's index moves when one is added or removed before it: a fresh handle then.
          key={`${index}/${hole.fairway.length}`}
          position={toLatLng(point)}
          icon={handleIcon(kindOf(index), index === selectedPoint)}
          title={titleOf(index)}
          draggable
          eventHandlers={{
            click: () => onSelectPoint(index),
            dragstart: () => onSelectPoint(index),
            dragend: (event) => {
              const { lat, lng } = (event.target as LeafletMarker).getLatLng();
              onMovePoint(index, fromLatLng(lat, lng));
            },
            contextmenu: () => {
              if (isWaypoint(hole, index)) onRemovePoint(index);
            },
          }}
        />
      ))}
      <HoleLabel hole={hole} />
    </>
  );
}
