import { cartBookingsAt, localTime, MAINTENANCE, type CartView } from '@fairway/domain';
import type { TFunction } from 'i18next';
import { formatTimeOfDay } from '../../../lib/date-format';

/**
 * What the map (list row, bottom sheet) and the fleet say of a cart's bookings of the day at `now` on the
 * site's clock (issue 17): the maintenance block or booking under way, else the next booking; null when
 * the cart has none left today.
 */
export function cartBookingText(
  t: TFunction,
  cart: Pick<CartView, 'bookings'>,
  now: number,
  timeZone: string | undefined,
  locale: string | undefined,
): string | null {
  const state = cartBookingsAt(cart.bookings, now);
  const time = (iso: string) =>
    timeZone ? formatTimeOfDay(localTime(Date.parse(iso), timeZone), locale) : '';
  if (state.current?.bookingType === MAINTENANCE)
    return t('map.booking.maintenanceUntil', { end: time(state.current.end) });
  const booking = state.current ?? state.reserved[0];
  if (!booking) return null;
  return t(state.current ? 'map.booking.bookedNow' : 'map.booking.bookedLater', {
    start: time(booking.start),
    end: time(booking.end),
    name: booking.name,
  });
}

/** Ids of the carts with a booking not yet ended today: the Reserved group and filter. */
export function reservedCartIds(carts: readonly CartView[], now: number): ReadonlySet<string> {
  return new Set(
    carts.filter((cart) => cartBookingsAt(cart.bookings, now).reserved.length > 0).map((cart) => cart._id),
  );
}
