import type { GuestBookingView, GuestCartView, RateView } from '@fairway/domain';
import { availableAt, clockAt } from '@fairway/domain/rules/price-rules';
import { guestApi } from '../../api/guest-api';
import { bookingApi } from '../../booking/booking-api';
import { portalApi } from '../../portal/portal-api';
import { loadCart } from '../home/cart-cache';

/** Paying for a booking (`?bookingId=`): the booking, and its code for the next calls. */
export interface BookingSale {
  view: GuestBookingView;
  code: string;
}

export interface PricesData {
  cart: GuestCartView;
  rates: RateView[];
  unlockFee: number;
  booking: BookingSale | null;
}

/** A ride now: the club's guest prices for the chosen service, as they stand now. */
export async function loadRidePrices(
  deviceId: string,
  serviceId: string | undefined,
  signal: AbortSignal,
): Promise<PricesData> {
  const cart = await loadCart(deviceId, signal);
  const answer = await guestApi.rates(cart.siteId, serviceId, signal);
  return { cart, ...answer, booking: null };
}

/**
 * A booking that needs paying (spec §2 Booking page → prices page): only its service's guest prices, and a
 * price can be bought when it applies at the booking's start on the club's clock (as the server sells it),
 * not now. The booking's own cart names the club and its terms.
 */
export async function loadBookingPrices(
  bookingId: string,
  code: string,
  signal: AbortSignal,
): Promise<PricesData> {
  const view = await bookingApi.view(bookingId, code, signal);
  const cart = await loadCart(view.deviceId, signal);
  const [answer, site] = await Promise.all([
    guestApi.rates(cart.siteId, view.serviceId ?? undefined, signal),
    portalApi.site(cart.siteId, signal),
  ]);
  const clock = clockAt(Date.parse(view.start), site.timezone);
  const rates = answer.rates
    .filter((rate) => view.serviceId === null || rate.serviceId === view.serviceId)
    .map((rate) => ({ ...rate, availableNow: availableAt(rate.range.availableTimes, clock) }));
  return { cart, rates, unlockFee: answer.unlockFee, booking: { view, code } };
}
