import { CART_MARKER_COLOURS, isCartInUse, type CartView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dateLocaleFor } from '../../../lib/date-locale';
import { lastSeenText } from '../last-seen';

type FleetStatus = 'inUse' | 'online' | 'offline';

const statusOf = (cart: CartView): FleetStatus =>
  !cart.onlineStatus ? 'offline' : isCartInUse(cart) ? 'inUse' : 'online';

/** Spec §2 Fleet: in use (amber, as on the map), online or offline, with last seen or disconnected time. */
export function FleetStatusChip({ cart, now }: { cart: CartView; now: number }) {
  const { t, i18n } = useTranslation();
  const status = statusOf(cart);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        label={t(`fleet.status.${status}`)}
        color={status === 'online' ? 'success' : 'default'}
        sx={
          status === 'inUse'
            ? { bgcolor: CART_MARKER_COLOURS.inUse, color: 'rgba(0, 0, 0, 0.87)' }
            : undefined
        }
      />
      <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {lastSeenText(t, cart, now, dateLocaleFor(i18n.resolvedLanguage ?? 'en'))}
      </Typography>
    </Stack>
  );
}
