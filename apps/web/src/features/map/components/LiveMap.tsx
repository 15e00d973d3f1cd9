import { hasRole, parseLatLng, type CartView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentRole } from '../../commands/use-current-role';
import { useAppConfig } from '../../config/api/get-app-config';
import { HistoryLayer } from '../../history/components/HistoryLayer';
import { ZoneEditor } from '../../zones/components/ZoneEditor';
import { ZonesLayer } from '../../zones/components/ZonesLayer';
import { useZoneAlertedCarts } from '../../zones/use-zone-alerts';
import { useBaseLayer } from '../base-layer';
import { useClustering } from '../clustering';
import { pressTool, type MapTool } from '../lib/map-tool';
import type { LatLngTuple } from '../lib/marker-animation';
import { useLiveTrails } from '../use-live-trails';
import { BaseTileLayer } from './BaseTileLayer';
import { CartMarkersLayer } from './CartMarkersLayer';
import { FindCartField } from './FindCartField';
import { BaseLayerToggle, RecenterButton } from './MapControls';
import { FocusOnCart, FollowSiteFleet, type FocusRequest } from './MapFollowers';
import { MapOverlay } from './MapOverlay';
import { MapToggles, type MapToggle } from './MapToggles';
import { MapToolButtons } from './MapToolButtons';
import { MapView } from './MapView';
import { TrailsLayer } from './TrailsLayer';

interface LiveMapProps {
  siteId: string;
  center: LatLngTuple;
  carts: readonly CartView[];
  selectedCartId: string | null;
  focusRequest: FocusRequest | null;
  onSelectCart: (cartId: string) => void;
}

/**
 * The map of `/` with its layers (tiles, zones, trails, carts, the history and zone tools) and the
 * controls floating over it. Each layer is a small child of the one map view.
 */
export function LiveMap({ siteId, center, carts, selectedCartId, focusRequest, onSelectCart }: LiveMapProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const canUseTools = hasRole(useCurrentRole(), 'user');
  const alertedCartIds = useZoneAlertedCarts(siteId);
  const trails = useLiveTrails(carts);
  const [baseLayer, setBaseLayer] = useBaseLayer();
  const [tilesFailed, setTilesFailed] = useState(false);
  const [showCarts, setShowCarts] = useState(true);
  const [showTrails, setShowTrails] = useState(false);
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
  const tileSource = config.data?.tiles[baseLayer];
  const closeTool = () => setTool(null);

  return (
    <MapView center={center}>
      {tileSource && (
        <BaseTileLayer
          key={baseLayer}
          source={tileSource}
          onUnavailable={() => setTilesFailed(true)}
          onAvailable={() => setTilesFailed(false)}
        />
      )}
      <ZonesLayer siteId={siteId} />
      <TrailsLayer trails={trails} showAll={showTrails} selectedCartId={selectedCartId} />
      {showCarts && (
        <CartMarkersLayer
          carts={carts}
          selectedCartId={selectedCartId}
          alertedCartIds={alertedCartIds}
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
          <MapOverlay corner="top-left">
            <MapToolButtons open={tool} onPress={(pressed) => setTool((open) => pressTool(open, pressed))} />
          </MapOverlay>
        </>
      )}

      <MapOverlay corner="top-right">
        <BaseLayerToggle value={baseLayer} onChange={setBaseLayer} />
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
        <MapToggles state={toggles} onChange={(toggle, on) => setToggle[toggle](on)} />
        <RecenterButton center={center} positions={positions} />
      </MapOverlay>

      {(tilesFailed || config.isError) && (
        <MapOverlay corner="bottom-right" offset={{ bottom: { xs: 96, md: 28 } }}>
          <Alert
            severity="info"
            variant="outlined"
            sx={{ bgcolor: 'background.paper', py: 0 }}
            data-testid="tiles-unavailable"
          >
            {t('map.tilesUnavailable')}
          </Alert>
        </MapOverlay>
      )}
    </MapView>
  );
}
