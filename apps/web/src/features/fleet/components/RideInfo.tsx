import type { CartView } from '@fairway/domain';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormatSpeed } from '../../devices';
import { OverdueBadge } from '../../overrun';

/**
 * The fleet's Ride info column: who drives the cart and how fast, while it has a ride (a cart merely
 * unlocked has none: its status says "Unlocked").
 */
export function RideInfo({ cart, overdue = false }: { cart: CartView; overdue?: boolean }) {
  const { t } = useTranslation();
  const formatSpeed = useFormatSpeed();
  if (!cart.inUse) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('fleet.ride.none')}
      </Typography>
    );
  }
  return (
    <>
      <Typography variant="body2">{cart.driverName ?? t('fleet.ride.inProgress')}</Typography>
      {overdue && <OverdueBadge />}
      {cart.onlineStatus && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {formatSpeed(cart.gpsSpeed)}
        </Typography>
      )}
    </>
  );
}
