import './ride-map.css';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import { MAP } from '@fairway/domain';
import { latLngBounds, type Map as LeafletMap } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Polyline, useMap } from 'react-leaflet';
import { BaseMap } from '../../../components/map/BaseMap';
import { MapButton } from '../../../components/map/MapButton';
import { MapNotice } from '../../../components/map/MapNotice';
import { MapOverlay } from '../../../components/map/MapOverlay';
import { TRAIL_COLOUR } from '../../../components/map/map-colours';
import { CourseLayer, CourseLayerToggle } from '../../course';
import { rideMarkerIcon } from './ride-marker-icon';

type LatLng = readonly [number, number];

export interface RideMapProps {
  rideId: string;
  /** the ride's site, whose course is drawn under the trail */
  siteId: string;
  /** [lat, lng] in time order */
  trail: readonly LatLng[];
  /** where the map centres without trail points (the site's centre, or 0,0) */
  center: LatLng;
  /** an open ride has no end marker: the cart's current point instead */
  open: boolean;
  /** the cart's live position while the ride is open, when the socket knows it */
  currentPosition: LatLng | null;
}

/**
 * The ride's map (spec §2 Rides): its trail drawn with moving dashes, the start (1) and the end (2), or the
 * cart's current point while it is open; street or satellite, zoom 17, up to 22 (tiles native to 18). It
 * opens fitted to the trail, and the fit button brings the whole ride back after panning.
 */
export function RideMap({ rideId, siteId, trail, center, open, currentPosition }: RideMapProps) {
  const { t } = useTranslation();
  const [showCourse, setShowCourse] = useState(true);
  const positions = useMemo(() => trail.map(([lat, lng]): [number, number] => [lat, lng]), [trail]);
  const first = positions[0];
  const last = positions.at(-1);
  const current = open ? (currentPosition ?? last) : undefined;

  return (
    <BaseMap
      center={center}
      controls={
        <>
          <FitRideButton center={center} positions={positions} />
          <CourseLayerToggle framed on={showCourse} onChange={setShowCourse} />
        </>
      }
      notices={(tiles) =>
        (positions.length === 0 || tiles.unavailable) && (
          <MapOverlay corner="bottom-left">
            {positions.length === 0 && (
              <MapNotice>{open ? t('rides.map.noTrail') : t('rides.map.noTrailEnded')}</MapNotice>
            )}
            {tiles.unavailable && (
              <MapNotice testId="ride-tiles-unavailable">{t('rides.map.tilesUnavailable')}</MapNotice>
            )}
          </MapOverlay>
        )
      }
    >
      {/* Which hole the cart drove where; drawn first, so the trail runs over it. */}
      {showCourse && <CourseLayer siteId={siteId} />}
      {positions.length > 1 && (
        <>
          <Polyline
            positions={positions}
            interactive={false}
            // A class is Leaflet's only way to a path's CSS; it is read once, when the path is made.
            className="fw-ride-trail"
            pathOptions={{ color: TRAIL_COLOUR, weight: 5, opacity: 0.45 }}
          />
          <Polyline
            positions={positions}
            interactive={false}
            className="fw-ride-trail-flow"
            pathOptions={{ color: TRAIL_COLOUR, weight: 4, opacity: 1 }}
          />
        </>
      )}
      {first && (
        <Marker
          position={first}
          icon={rideMarkerIcon('start')}
          title={t('rides.map.start')}
          interactive={false}
          keyboard={false}
        />
      )}
      {!open && last && (
        <Marker
          position={last}
          icon={rideMarkerIcon('end')}
          title={t('rides.map.end')}
          interactive={false}
          keyboard={false}
        />
      )}
      {current && (
        <Marker
          position={[current[0], current[1]]}
          icon={rideMarkerIcon('current')}
          title={t('rides.map.current')}
          interactive={false}
          keyboard={false}
        />
      )}
      <FitRideOnce rideId={rideId} center={center} positions={positions} />
    </BaseMap>
  );
}

/**
 * The whole ride in view with the spec's padding, but no closer than the tiles' native zoom (a few metres
 * of trail would otherwise be shown in blurred, enlarged tiles); the centre at zoom 17 without a trail.
 */
export function fitRide(map: LeafletMap, center: LatLng, positions: readonly [number, number][]): void {
  if (positions.length === 0) {
    map.setView([center[0], center[1]], MAP.defaultZoom);
    return;
  }
  map.fitBounds(latLngBounds([...positions]), {
    padding: [MAP.fitPadding, MAP.fitPadding],
    maxZoom: MAP.maxNativeZoom,
  });
}

/**
 * Fits the ride when it opens, and once more when its first positions arrive; later trail refreshes (an
 * open ride, the hi-res switch) never move the view under the operator.
 */
function FitRideOnce({
  rideId,
  center,
  positions,
}: {
  rideId: string;
  center: LatLng;
  positions: readonly [number, number][];
}) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  const hasPositions = positions.length > 0;
  const key = `${rideId}:${hasPositions}`;
  useEffect(() => {
    if (fitted.current === key) return;
    fitted.current = key;
    fitRide(map, center, positions);
    // Only the ride and whether it has positions decide when to fit; see above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

function FitRideButton({ center, positions }: { center: LatLng; positions: readonly [number, number][] }) {
  const { t } = useTranslation();
  const map = useMap();
  return (
    <MapButton
      label={t('rides.map.fit')}
      icon={<FitScreenIcon />}
      onClick={() => fitRide(map, center, positions)}
    />
  );
}
