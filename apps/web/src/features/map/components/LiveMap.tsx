import { hasRole, mayManageCourse, parseLatLng, type CartView } from '@fairway/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BaseMap } from '../../../components/map/BaseMap';
import { MapNotice } from '../../../components/map/MapNotice';
import { MapOverlay } from '../../../components/map/MapOverlay';
import { useCurrentRole } from '../../auth';
import { CourseEditor, CourseLayer, CourseLayerToggle } from '../../course';
import { HistoryLayer } from '../../history';
import { ZoneEditor, ZonesLayer, useZoneAlertedCarts } from '../../zones';
import { useClustering } from '../clustering';
import { pressTool, type MapTool } from '../lib/map-tool';
import type { LatLngTuple } from '../lib/marker-animation';
import { useLiveTrails } from '../use-live-trails';
import { CartMarkersLayer } from './CartMarkersLayer';
import { FindCartField } from './FindCartField';
import { RecenterButton } from './RecenterButton';
import { FocusOnCart, FollowSiteFleet, type FocusRequest } from './MapFollowers';
import { MapToggles, type MapToggle } from './MapToggles';
import { MapToolButtons } from './MapToolButtons';
import { TrailsLayer } from './TrailsLayer';

interface LiveMapProps {
  siteId: string;
  center: LatLngTuple;
  carts: readonly CartView[];
  selectedCartId: string | null;
  /** Carts whose ride is overdue (issue 23): their markers wear a ring. */
  overdueCartIds: ReadonlySet<string>;
  focusRequest: FocusRequest | null;
  onSelectCart: (cartId: string) => void;
}

/**
 * The map of `/` with its layers (tiles, zones, trails, carts, the history and zone tools) and the
 * controls floating over it. Each layer is a small child of the app's one `BaseMap`.
 */
export function LiveMap({
  siteId,
  center,
  carts,
  selectedCartId,
  overdueCartIds,
  focusRequest,
  onSelectCart,
}: LiveMapProps) {
  const { t } = useTranslation();
  const role = useCurrentRole();
  const canUseTools = hasRole(role, 'user');
  const alertedCartIds = useZoneAlertedCarts(siteId);
  const trails = useLiveTrails(carts);
  const [showCarts, setShowCarts] = useState(true);
  const [showTrails, setShowTrails] = useState(false);
  // The course needs no tiles, so it is on from the start: without internet it is the map's only drawing.
  const [showCourse, setShowCourse] = useState(true);
  const [findOpen, setFindOpen] = useState(false);
  const [clustering, setClustering] = useClustering();
  const [tool, setTool] = useState<MapTool | null>(null);

  const positions = useMemo(
    () =>
      carts.map((cart) => parseLatLng(cart.gpsCoordinates)).filter((p): p is [number, number] => p !== null),
    [carts],
  );
  const toggles: Record<MapToggle, boolean> = {
    carts: showCarts,
    trails: showTrails,
    findCart: findOpen,
    clustering,
  };
  const setToggle: Record<MapToggle, (on: boolean) => void> = {
    carts: setShowCarts,
    trails: setShowTrails,
    findCart: setFindOpen,
    clustering: setClustering,
  };
  const closeTool = () => setTool(null);

  return (
    <BaseMap
      center={center}
      controls={
        <>
          {findOpen && (
            <FindCartField
              carts={carts}
              onFind={(cartId) => {
                setFindOpen(false);
                onSelectCart(cartId);
              }}
              onClose={() => setFindOpen(false)}
            />
          )}
          <MapToggles
            state={toggles}
            onChange={(toggle, on) => setToggle[toggle](on)}
            extra={<CourseLayerToggle on={showCourse} onChange={setShowCourse} />}
          />
          <RecenterButton center={center} positions={positions} />
        </>
      }
      notices={(tiles) =>
        tiles.unavailable && (
          <MapOverlay corner="bottom-right" offset={{ bottom: { xs: 96, md: 28 } }}>
            <MapNotice testId="tiles-unavailable">{t('map.tilesUnavailable')}</MapNotice>
          </MapOverlay>
        )
      }
    >
      {/* Under everything else; the course editor draws the course itself while it is open. */}
      {showCourse && tool !== 'course' && <CourseLayer siteId={siteId} />}
      <ZonesLayer siteId={siteId} />
      <TrailsLayer trails={trails} showAll={showTrails} selectedCartId={selectedCartId} />
      {showCarts && (
        <CartMarkersLayer
          carts={carts}
          selectedCartId={selectedCartId}
          alertedCartIds={alertedCartIds}
          overdueCartIds={overdueCartIds}
          clustering={clustering}
          onSelect={onSelectCart}
        />
      )}
      <FollowSiteFleet siteId={siteId} center={center} positions={positions} />
      <FocusOnCart request={focusRequest} />

      {canUseTools && (
        <>
          <HistoryLayer siteId={siteId} open={tool === 'history'} onClose={closeTool} />
          <ZoneEditor siteId={siteId} open={tool === 'zones'} onClose={closeTool} />
          <CourseEditor siteId={siteId} center={center} open={tool === 'course'} onClose={closeTool} />
          <MapOverlay corner="top-left">
            <MapToolButtons
              open={tool}
              onPress={(pressed) => setTool((open) => pressTool(open, pressed))}
              course={mayManageCourse(role)}
            />
          </MapOverlay>
        </>
      )}
    </BaseMap>
  );
}
