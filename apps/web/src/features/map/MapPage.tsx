import 'leaflet/dist/leaflet.css';
import './map.css';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import LocationOffIcon from '@mui/icons-material/LocationOff';
import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import { compareCarNumbers } from '../../lib/cart-search';
import { parseLatLng, type CartView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { useSelectedSiteId } from '../../lib/selected-site';
import { useAppConfig } from '../config/api/get-app-config';
import { useDevices } from '../devices/api/get-devices';
import { useRealtimeState } from '../realtime/realtime-store';
import { useSite } from '../sites/api/get-site';
import { useBaseLayer } from './base-layer';
import { BaseTileLayer } from './components/BaseTileLayer';
import { CartListPanel } from './components/CartListPanel';
import { CartMarkersLayer } from './components/CartMarkersLayer';
import { BaseLayerToggle, RecenterButton } from './components/MapControls';
import { FocusOnCart, FollowSiteFleet, type FocusRequest } from './components/MapFollowers';
import { MapOverlay } from './components/MapOverlay';
import { MapView } from './components/MapView';

const PANEL_WIDTH = 340;

/**
 * `/`: the live map of the selected site. Carts come from the realtime store (seeded over HTTP, kept
 * current by the socket); the page stays usable without map tiles (offline, blocked provider).
 */
export function MapPage() {
  const { t } = useTranslation();
  const siteId = useSelectedSiteId();
  const site = useSite(siteId);
  const config = useAppConfig();
  const devices = useDevices(siteId);
  const realtime = useRealtimeState();
  const [baseLayer, setBaseLayer] = useBaseLayer();
  const [tilesFailed, setTilesFailed] = useState(false);
  const [selectedCartId, setSelectedCartId] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const [listOpen, setListOpen] = useState(false);

  const carts = useMemo(
    () => (realtime.siteId === siteId ? Object.values(realtime.devicesById).sort(compareCarNumbers) : []),
    [realtime.devicesById, realtime.siteId, siteId],
  );
  const positions = useMemo(
    () =>
      carts.map((cart) => parseLatLng(cart.gpsCoordinates)).filter((p): p is [number, number] => p !== null),
    [carts],
  );
  const cartsLoading = !realtime.devicesLoaded && !devices.isError;
  const selectCart = useCallback((cartId: string) => setSelectedCartId(cartId), []);
  const selectFromList = (cart: CartView) => {
    setSelectedCartId(cart._id);
    setListOpen(false);
    const position = parseLatLng(cart.gpsCoordinates);
    if (position) setFocusRequest({ position });
  };

  if (!siteId) {
    return (
      <EmptyState icon={<WrongLocationIcon />} title={t('site.noneTitle')} description={t('site.noneHint')} />
    );
  }

  const center = site.data ? parseLatLng(site.data.centerLatLong) : null;
  const tileSource = config.data?.tiles[baseLayer];

  const panel = (
    <CartListPanel
      carts={carts}
      loading={cartsLoading}
      error={
        !realtime.devicesLoaded && devices.isError ? (
          <ErrorState
            error={devices.error}
            onRetry={() => void devices.refetch()}
            title={t('map.cartsLoadFailed')}
          />
        ) : undefined
      }
      selectedCartId={selectedCartId}
      onSelect={selectFromList}
    />
  );

  return (
    <Box sx={{ display: 'flex', height: '100%', minHeight: 0 }}>
      <Paper
        component="aside"
        square
        elevation={0}
        aria-label={t('map.carts')}
        sx={{
          width: PANEL_WIDTH,
          flexShrink: 0,
          borderRight: 1,
          borderColor: 'divider',
          display: { xs: 'none', md: 'block' },
        }}
      >
        {panel}
      </Paper>

      <Box sx={{ flex: 1, position: 'relative', minWidth: 0 }}>
        {site.isPending ? (
          <Skeleton
            variant="rectangular"
            sx={{ width: '100%', height: '100%' }}
            aria-label={t('common.loading')}
          />
        ) : site.isError ? (
          <Box sx={{ p: 3 }}>
            <ErrorState
              error={site.error}
              onRetry={() => void site.refetch()}
              title={t('map.siteLoadFailed')}
            />
          </Box>
        ) : !center ? (
          <EmptyState
            icon={<LocationOffIcon />}
            title={t('map.noCenterTitle')}
            description={t('map.noCenterHint')}
          />
        ) : (
          <MapView center={center}>
            {tileSource && (
              <BaseTileLayer
                key={baseLayer}
                source={tileSource}
                onUnavailable={() => setTilesFailed(true)}
                onAvailable={() => setTilesFailed(false)}
              />
            )}
            <CartMarkersLayer carts={carts} selectedCartId={selectedCartId} onSelect={selectCart} />
            <FollowSiteFleet siteId={siteId} center={center} positions={positions} />
            <FocusOnCart request={focusRequest} />
            <MapOverlay corner="top-right">
              <BaseLayerToggle value={baseLayer} onChange={setBaseLayer} />
              <RecenterButton center={center} positions={positions} />
            </MapOverlay>
            {(tilesFailed || config.isError) && (
              <MapOverlay corner="bottom-left" offset={{ bottom: { xs: 96, md: 28 } }}>
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
        )}

        <Fab
          variant="extended"
          color="primary"
          onClick={() => setListOpen(true)}
          sx={{
            position: 'absolute',
            bottom: 24,
            left: '50%',
            transform: 'translateX(-50%)',
            zIndex: 1100,
            display: { md: 'none' },
          }}
        >
          <FormatListBulletedIcon sx={{ mr: 1 }} />
          {t('map.cartsWithCount', { total: carts.length })}
        </Fab>
      </Box>

      <Drawer
        anchor="bottom"
        open={listOpen}
        onClose={() => setListOpen(false)}
        sx={{ display: { md: 'none' } }}
        slotProps={{ paper: { sx: { height: '70dvh', borderTopLeftRadius: 16, borderTopRightRadius: 16 } } }}
      >
        {listOpen && panel}
      </Drawer>
    </Box>
  );
}
