import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import LocationOffIcon from '@mui/icons-material/LocationOff';
import { parseLatLng } from '@fairway/domain';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { CART_LINK_PARAM } from '../../../lib/cart-link';
import { useOverdueCarts } from '../../overrun';
import { useSite } from '../../sites';
import { EVERY_CART, type PanelChoice } from '../lib/cart-groups';
import { reservedCartIds } from '../lib/cart-booking-text';
import { useNow } from '../../../lib/use-now';
import { useSiteCarts } from '../../realtime';
import { CartBottomSheet } from './CartBottomSheet';
import { CartListPanel } from './CartListPanel';
import { LiveMap } from './LiveMap';
import type { FocusRequest } from './MapFollowers';

const PANEL_WIDTH = 340;

/**
 * The map page of one site: the cart panel (beside the map on desktop, in a drawer on phones), the live
 * map, and the bottom sheet of the selected cart. Selecting a cart anywhere (row, marker, find) opens its
 * sheet and flies the map to it.
 */
export function SiteMap({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const site = useSite(siteId);
  const { carts, cartsById, loading, error, retry } = useSiteCarts(siteId);
  const [choice, setChoice] = useState<PanelChoice>(EVERY_CART);
  const [selectedCartId, setSelectedCartId] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const selectedCart = selectedCartId ? cartsById[selectedCartId] : undefined;
  // Carts booked for the rest of the day (issue 17); the clock moves them out as their bookings end.
  const now = useNow(30_000);
  const reserved = useMemo(() => reservedCartIds(carts, now), [carts, now]);
  // Rides past their service and the grace (issue 23): ring, filter, and the alert toasts.
  const overdue = useOverdueCarts(siteId, carts);
  const timeZone = site.data?.timezone;

  const selectCart = useCallback(
    (cartId: string) => {
      setSelectedCartId(cartId);
      setListOpen(false);
      const position = parseLatLng(cartsById[cartId]?.gpsCoordinates);
      if (position) setFocusRequest({ position });
    },
    [cartsById],
  );

  // A link to a cart (`/?cart=<id>`, e.g. an overdue alert's) opens it once the carts are there (adjusted
  // while rendering, like any selection); the parameter is then dropped, so going back or reloading does
  // not open it again, and the same link followed later opens the cart again.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedCartId = searchParams.get(CART_LINK_PARAM);
  const [openedLink, setOpenedLink] = useState<string | null>(null);
  if (linkedCartId !== openedLink && (linkedCartId === null || !loading)) {
    setOpenedLink(linkedCartId);
    if (linkedCartId && cartsById[linkedCartId]) selectCart(linkedCartId);
  }
  useEffect(() => {
    if (openedLink === null) return;
    setSearchParams(
      (params) => {
        params.delete(CART_LINK_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [openedLink, setSearchParams]);

  const panel = (
    <CartListPanel
      carts={carts}
      reservedCartIds={reserved}
      overdueCartIds={overdue}
      timeZone={timeZone}
      loading={loading}
      error={
        error ? <ErrorState error={error} onRetry={retry} title={t('map.cartsLoadFailed')} /> : undefined
      }
      choice={choice}
      onChoiceChange={setChoice}
      selectedCartId={selectedCartId}
      onSelect={selectCart}
    />
  );
  const center = site.data ? parseLatLng(site.data.centerLatLong) : null;

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
          <LiveMap
            siteId={siteId}
            center={center}
            carts={carts}
            selectedCartId={selectedCartId}
            overdueCartIds={overdue}
            focusRequest={focusRequest}
            onSelectCart={selectCart}
          />
        )}

        {selectedCart ? (
          <CartBottomSheet cart={selectedCart} timeZone={timeZone} onClose={() => setSelectedCartId(null)} />
        ) : (
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
        )}
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
