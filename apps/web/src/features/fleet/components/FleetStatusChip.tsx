import { CART_MARKER_COLOURS, cartStatus, type CartView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dateLocaleFor } from '../../../lib/date-locale';
import { lastSeenText } from '../last-seen';

/**
 * Spec §2 Fleet: in use (a ride), unlocked (no ride), online or offline (the domain's `cartStatus`), with
 * last seen or disconnected time. In use and unlocked take the map's amber: both are amber markers there.
 */
export function FleetStatusChip({ cart, now }: { cart: CartView; now: number }) {
  const { t, i18n } = useTranslation();
  const status = cartStatus(cart);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        label={t(`fleet.status.${status}`)}
        color={status === 'online' ? 'success' : 'default'}
        sx={
          status === 'inUse' || status === 'unlocked'
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
