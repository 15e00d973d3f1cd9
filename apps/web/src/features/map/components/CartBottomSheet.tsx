import CloseIcon from '@mui/icons-material/Close';
import {
  cartBookingsAt,
  cartMarkerState,
  CART_MARKER_COLOURS,
  displayLockStatus,
  hasRole,
  type CartView,
} from '@fairway/domain';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Slide from '@mui/material/Slide';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useCurrentRole } from '../../auth';
import { DamageReportsSection } from '../../damage-reports';
import { BatteryIndicator, SignalIndicator, useFormatSpeed } from '../../devices';
import { OverdueRideLine } from '../../overrun';
import { formatDistanceKm } from '../../rides';
import { useNow } from '../../../lib/use-now';
import { cartBookingText } from '../lib/cart-booking-text';
import { CartFact } from './CartFact';
import { LastReportAge, PingSummary } from './CartReportAge';
import { CartStatusChip } from './CartStatusChip';
import { LockToggleButton } from './LockToggleButton';

/** The open ride's driver; a ride without a name says so rather than "no active ride". */
const driverText = (t: TFunction, cart: CartView): string =>
  cart.driverName ?? (cart.inUse ? t('map.sheet.unnamedDriver') : t('map.sheet.noDriver'));

interface CartBottomSheetProps {
  cart: CartView;
  /** The site's time zone: booking times are on the club's clock. */
  timeZone?: string;
  onClose: () => void;
}

/**
 * Spec §2 Map bottom sheet for the selected cart. It floats over the map instead of a modal drawer, so
 * the operator can keep panning while it is open: full width at the bottom of a phone, a card in the
 * lower left corner on larger screens. Ping and signal values are for admins only (spec §6).
 */
export function CartBottomSheet({ cart, timeZone, onClose }: CartBottomSheetProps) {
  const { t, i18n } = useTranslation();
  const role = useCurrentRole();
  const isAdmin = hasRole(role, 'admin');
  const formatSpeed = useFormatSpeed();
  const number = cart.carNumber ?? '?';
  const now = useNow(30_000);
  const booking = cartBookingText(t, cart, now, timeZone, i18n.resolvedLanguage);

  return (
    <Slide direction="up" in appear>
      <Paper
        component="section"
        aria-label={t('map.sheet.label')}
        data-testid="map-bottom-sheet"
        elevation={8}
        sx={{
          position: 'absolute',
          zIndex: 1100,
          left: { xs: 0, md: 12 },
          right: { xs: 0, md: 'auto' },
          bottom: { xs: 0, md: 28 },
          width: { md: 380 },
          maxHeight: { xs: '65%', md: 'calc(100% - 140px)' },
          overflow: 'auto',
          borderRadius: { xs: '16px 16px 0 0', md: 2 },
          p: 2,
          display: 'flex',
          flexDirection: 'column',
          gap: 2,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Avatar sx={{ bgcolor: CART_MARKER_COLOURS[cartMarkerState(cart)], fontWeight: 700 }} aria-hidden>
            {number}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="h2" variant="h6" noWrap>
              {t('map.cartNumber', { number })}
            </Typography>
            {cart.carName && (
              <Typography variant="body2" color="text.secondary" noWrap>
                {cart.carName}
              </Typography>
            )}
          </Box>
          <CartStatusChip cart={cart} />
          <IconButton aria-label={t('map.sheet.close')} onClick={onClose} edge="end">
            <CloseIcon />
          </IconButton>
        </Box>

        {/* A ride past its service and the grace (issue 23): what the marker's ring means. */}
        {cart.inUse && <OverdueRideLine overrun={cart.overrun ?? null} hole={null} />}
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 1.5 }}
        >
          <CartFact label={t('map.sheet.driver')}>{driverText(t, cart)}</CartFact>
          <CartFact label={t('map.sheet.lastUpdate')}>
            <LastReportAge timeUTC={cart.timeUTC} />
          </CartFact>
          <CartFact label={t('map.sheet.charge')}>
            <BatteryIndicator cart={cart} />
          </CartFact>
          <CartFact label={t('map.sheet.speed')}>{formatSpeed(cart.gpsSpeed)}</CartFact>
          {cart.inUse && cart.tripDistance !== null && (
            <CartFact label={t('map.sheet.tripDistance')}>
              {formatDistanceKm(cart.tripDistance, i18n.resolvedLanguage)}
            </CartFact>
          )}
          <CartFact label={t('map.sheet.lock')}>
            {t(`map.lockStatus.${displayLockStatus(cart, cartBookingsAt(cart.bookings, now).current)}`)}
          </CartFact>
          {booking && (
            <CartFact label={t('map.sheet.booking')} wide>
              {booking}
            </CartFact>
          )}
          <CartFact label={t('map.sheet.keyMode')}>
            {cart.key === '1' ? t('map.sheet.key') : t('map.sheet.keyless')}
          </CartFact>
          {isAdmin && (
            <>
              <CartFact label={t('map.sheet.ping')} wide>
                <PingSummary timeUTC={cart.timeUTC} uptime={cart.uptime} />
              </CartFact>
              <CartFact label={t('map.sheet.signal')}>
                <SignalIndicator cart={cart} showValue />
              </CartFact>
            </>
          )}
        </Box>

        <LockToggleButton cart={cart} />
        {/* Guests' problem reports (issue 23): the same section as the fleet's sidebar, for users and up. */}
        {hasRole(role, 'user') && (
          <DamageReportsSection siteId={cart.siteID} deviceId={cart._id} timeZone={timeZone} />
        )}
      </Paper>
    </Slide>
  );
}
