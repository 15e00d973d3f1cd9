import { cartBookingsAt, localTime, MAINTENANCE, type CartView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatTimeOfDay } from '../../../lib/date-format';

interface CartBookingsTodayProps {
  cart: Pick<CartView, '_id' | 'bookings'>;
  /** The site's time zone: times are on the club's clock. */
  timeZone: string | undefined;
  now: number;
}

/**
 * The Fleet booking view (spec §2 Fleet, issue 17): the cart's bookings and maintenance blocks from now to
 * the end of the day, the one under way first, with a way to the calendar. Live: the cart's view carries
 * them and follows `booking:update`.
 */
export function CartBookingsToday({ cart, timeZone, now }: CartBookingsTodayProps) {
  const { t, i18n } = useTranslation();
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
              <ListItem key={booking._id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                <ListItemText
                  primary={`${time(booking.start)}–${time(booking.end)}`}
                  secondary={maintenance ? t('fleet.bookings.maintenance') : booking.name}
                  sx={{ flex: '1 1 auto' }}
                />
                {booking === current && <Chip size="small" color="primary" label={t('fleet.bookings.now')} />}
                {booking.scheduleUnlock && (
                  <Chip size="small" variant="outlined" label={t('fleet.bookings.autoUnlock')} />
                )}
              </ListItem>
            );
          })}
        </List>
      )}
      <Link component={RouterLink} to="/bookings" variant="body2">
        {t('fleet.bookings.openCalendar')}
      </Link>
    </Box>
  );
}
