import { cartMarkerState, CART_MARKER_COLOURS, type CartView } from '@fairway/domain';
import Avatar from '@mui/material/Avatar';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { dateLocaleFor } from '../../../lib/date-locale';
import { readableTextOn } from '../../../lib/readable-text';
import { useNow } from '../../../lib/use-now';
import { cartBookingText } from '../lib/cart-booking-text';
import { reportAge } from '../lib/report-age';
import { CartStatusChip } from './CartStatusChip';

/** Reports younger than this read "just now": carts report every few seconds. */
const JUST_NOW_MS = 15_000;

interface CartListProps {
  carts: readonly CartView[];
  selectedCartId: string | null;
  onSelect: (cartId: string) => void;
  /** The site's time zone, for the booking line. */
  timeZone?: string;
}

/** One row per cart: number in its marker colour, name or driver, last report, state. */
export function CartList({ carts, selectedCartId, onSelect, timeZone }: CartListProps) {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000);
  const dateLocale = dateLocaleFor(i18n.resolvedLanguage ?? 'en');
  const lastReportLabel = (timeUTC: string | null): string => {
    const age = reportAge(timeUTC, now, dateLocale);
    if (!age) return t('map.neverReported');
    if (age.ageMs < JUST_NOW_MS) return t('map.updatedJustNow');
    return t('map.updatedAgo', { time: age.text });
  };

  return (
    <List dense aria-label={t('map.carts')}>
      {carts.map((cart) => {
        const number = cart.carNumber ?? '?';
        const name = cart.carName || t('map.cartNumber', { number });
        const booking = cartBookingText(t, cart, now, timeZone, i18n.resolvedLanguage);
        return (
          // The button inside a list item: a <ul> may hold only list items (axe `list`).
          <ListItem key={cart._id} disablePadding>
            <ListItemButton
              selected={cart._id === selectedCartId}
              onClick={() => onSelect(cart._id)}
              data-testid={`cart-row-${cart.carNumber ?? cart._id}`}
            >
              <ListItemAvatar>
                <Avatar
                  sx={{
                    bgcolor: CART_MARKER_COLOURS[cartMarkerState(cart)],
                    // The marker colours are the spec's; the number on them is dark or white, whichever reads.
                    color: readableTextOn(CART_MARKER_COLOURS[cartMarkerState(cart)]),
                    width: 36,
                    height: 36,
                    fontSize: 14,
                    fontWeight: 700,
                  }}
                >
                  {number}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={cart.driverName ? `${name} · ${cart.driverName}` : name}
                secondary={
                  booking ? `${booking} · ${lastReportLabel(cart.timeUTC)}` : lastReportLabel(cart.timeUTC)
                }
                slotProps={{ primary: { noWrap: true } }}
              />
              <CartStatusChip cart={cart} />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}

/** Placeholder rows while the carts load. */
export function CartListSkeleton() {
  return (
    <List aria-busy="true">
      {Array.from({ length: 6 }, (_, index) => (
        <ListItem key={index}>
          <ListItemAvatar>
            <Skeleton variant="circular" width={36} height={36} />
          </ListItemAvatar>
          <ListItemText primary={<Skeleton width="60%" />} secondary={<Skeleton width="40%" />} />
        </ListItem>
      ))}
    </List>
  );
}
