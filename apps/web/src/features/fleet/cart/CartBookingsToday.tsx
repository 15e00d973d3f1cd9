import BuildIcon from '@mui/icons-material/BuildOutlined';
import { cartBookingsAt, localTime, MAINTENANCE, type CartView, type SiteView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatTimeOfDay } from '../../../lib/date-format';
import type { CartBookingRequest } from '../../bookings';

// The dialogs bring the date pickers: they load when an operator first opens one, not with the fleet list.
const CartBookingActions = lazy(async () => ({
  default: (await import('../../bookings/lazy')).CartBookingActions,
}));

interface CartBookingsTodayProps {
  cart: Pick<CartView, '_id' | 'bookings'>;
  siteId: string;
  /** The cart's site (its clock gives the times); undefined while it loads. */
  site: SiteView | undefined;
  now: number;
}

/**
 * The Fleet booking view (spec §2 Fleet, issue 17): the cart's bookings and maintenance blocks from now to
 * the end of the day, the one under way first, with a way to the calendar. Each opens the booking view
 * (unlock, edit, cancel); staff schedule maintenance for the cart here (not on a site whose bookings an
 * integration owns). Live: the cart's view carries them and follows `booking:update`.
 */
export function CartBookingsToday({ cart, siteId, site, now }: CartBookingsTodayProps) {
  const { t, i18n } = useTranslation();
  const [request, setRequest] = useState<CartBookingRequest | null>(null);
  const done = useCallback(() => setRequest(null), []);
  const timeZone = site?.timezone;
  const { current } = cartBookingsAt(cart.bookings, now);
  const ahead = cart.bookings.filter((booking) => Date.parse(booking.end) > now);
  const time = (iso: string) =>
    timeZone ? formatTimeOfDay(localTime(Date.parse(iso), timeZone), i18n.resolvedLanguage) : '';

  return (
    <Box component="section" aria-labelledby={`cart-bookings-${cart._id}`} data-testid="cart-bookings-today">
      <Typography id={`cart-bookings-${cart._id}`} component="h3" variant="subtitle1" gutterBottom>
        {t('fleet.bookings.title')}
      </Typography>
      {ahead.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('fleet.bookings.none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {ahead.map((booking) => {
            const maintenance = booking.bookingType === MAINTENANCE;
            return (
              <ListItem key={booking._id} disablePadding>
                <ListItemButton
                  sx={{ gap: 1, flexWrap: 'wrap', px: 1, mx: -1, borderRadius: 1 }}
                  onClick={() => setRequest({ kind: 'view', bookingId: booking._id })}
                >
                  <ListItemText
                    primary={`${time(booking.start)}–${time(booking.end)}`}
                    secondary={maintenance ? t('fleet.bookings.maintenance') : booking.name}
                    sx={{ flex: '1 1 auto' }}
                  />
                  {booking === current && (
                    <Chip size="small" color="primary" label={t('fleet.bookings.now')} />
                  )}
                  {booking.scheduleUnlock && (
                    <Chip size="small" variant="outlined" label={t('fleet.bookings.autoUnlock')} />
                  )}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
      <Stack direction="row" sx={{ mt: 1, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {site && !site.bookingIntegration && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<BuildIcon />}
            onClick={() => setRequest({ kind: 'maintenance' })}
          >
            {t('fleet.bookings.addMaintenance')}
          </Button>
        )}
        <Link component={RouterLink} to="/bookings" variant="body2">
          {t('fleet.bookings.openCalendar')}
        </Link>
      </Stack>
      {request && site && (
        <Suspense fallback={null}>
          <CartBookingActions
            key={request.kind === 'view' ? request.bookingId : 'maintenance'}
            siteId={siteId}
            site={site}
            cartId={cart._id}
            request={request}
            onDone={done}
          />
        </Suspense>
      )}
    </Box>
  );
}
