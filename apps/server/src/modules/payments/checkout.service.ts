import { and, eq, ne } from 'drizzle-orm';
import {
  GUEST_CART_REFUSALS,
  applicationFeeOf,
  availableAt,
  bookingNeedsPayment,
  checkoutTotal,
  clockAt,
  guestCartStatusAt,
  type CheckoutSessionAnswer,
  type CheckoutSessionBody,
  type GuestPaymentView,
} from '@fairway/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { cartBookingsNow } from '../bookings/cart-bookings';
import { HttpError, conflict, notFound } from '../../lib/errors';
import { toCartView } from '../devices/devices.presenter';
import { bookings } from '../../db/tables/bookings';
import { devices } from '../../db/tables/devices';
import { rides } from '../../db/tables/rides';
import { prices, services } from '../../db/tables/services';
import type { SiteRow } from '../sites/sites.presenter';
import type { SitesRepository } from '../sites/sites.repository';
import type { PaymentProvider } from './payment-provider';
import { isUuid } from './payment-events';
import { toGuestPaymentView } from './payments.presenter';
import type { PaymentsRepository } from './payments.repository';

/** What a checkout sells: a ride on a cart now, or a booking (on its cart). */
interface Sale {
  device: { id: string; carNumber: string | null };
  booking: typeof bookings.$inferSelect | null;
}

/** How long a guest has to pay on the provider's page (Stripe's minimum expiry is 30 minutes). */
export const CHECKOUT_EXPIRY_MS = 30 * 60_000;

/**
 * Guest checkout (spec §7 POST /stripe/generate-checkout-session): a guest at a cart pays for a ride at one
 * of the club's guest prices, or a guest pays for their booking (`bookingId`, issue 18). The server decides
 * what is charged — the price from its own catalogue plus the site's unlock fee — and whether the cart or
 * booking may be sold now (the §4 guest cart status; a booking that still needs payment). The ledger row
 * comes first, so every webhook finds its payment; the cart unlocks (or the booking becomes paid) only when
 * the provider's webhook says the payment succeeded, never on the browser's word.
 */
export class CheckoutService {
  constructor(
    private readonly db: Db,
    private readonly sites: SitesRepository,
    private readonly payments: PaymentsRepository,
    private readonly provider: PaymentProvider,
    private readonly log: Logger,
  ) {}

  /** A guest's own payment, by its id or its checkout session id (the success address carries the latter). */
  async guestPayment(idOrSession: string): Promise<GuestPaymentView> {
    const payment = isUuid(idOrSession)
      ? await this.payments.find(idOrSession)
      : await this.payments.findBySession(idOrSession);
    if (!payment) throw notFound('Payment not found');
    return toGuestPaymentView(payment);
  }

  /** `returnOrigins`: where the provider may send the browser back to (this app's own addresses). */
  async create(body: CheckoutSessionBody, returnOrigins: string[]): Promise<CheckoutSessionAnswer> {
    for (const address of [body.success_url, body.cancel_url])
      if (!returnOrigins.includes(new URL(address).origin))
        throw new HttpError(400, 'Return addresses must point to this site', 'returnUrl');

    const site = await this.sites.find(body.siteId);
    if (!site || site.staging) throw notFound('Site not found');
    if (!site.stripeAccountId || !site.stripeAccountActive)
      throw conflict('This club does not take card payments yet', 'paymentsNotActive');
    const now = Date.now();
    const sale = body.bookingId
      ? await this.bookingSale(site.id, body.bookingId, now)
      : await this.rideSale(site, body.deviceId, now);
    const { device, booking } = sale;

    const [rate] = await this.db
      .select({ price: prices, service: services })
      .from(prices)
      .innerJoin(services, eq(services.id, prices.serviceId))
      .where(and(eq(prices.id, body.rateId), eq(services.siteId, site.id)));
    // Member prices are paid with credits through a virtual key, not by card; a booking of a service is paid
    // at one of that service's prices.
    if (
      !rate ||
      rate.price.userGroupId !== null ||
      (booking?.serviceId && rate.service.id !== booking.serviceId)
    )
      throw new HttpError(404, 'No rates found', 'rateNotFound');
    // A booking is sold at the prices of its own time, a ride at those of now.
    const clock = clockAt(booking ? +booking.start : now, site.timezone);
    if (!availableAt(rate.price.availableTimes, clock))
      throw conflict('This price is not available at this time', 'rateUnavailable');
    const total = checkoutTotal(rate.price.amount, site.unlockFee);
    if (total <= 0) throw conflict('This price needs no payment', 'freeRate');

    const productName = `${rate.service.name} · ${rate.price.name}`;
    const cartName = `${booking ? 'Booking, ' : ''}${device.carNumber ? `Cart ${device.carNumber}` : 'Cart'}`;
    const payment = await this.payments.insert({
      siteId: site.id,
      purpose: booking ? 'booking' : 'ride',
      bookingId: booking?.id ?? null,
      provider: this.provider.name,
      providerAccountId: site.stripeAccountId,
      deviceId: device.id,
      carNumber: device.carNumber,
      serviceId: rate.service.id,
      priceId: rate.price.id,
      description: `${productName} — ${cartName}`,
      customerName: body.name,
      customerEmail: body.email,
      total,
      currency: site.currency,
      unlockFee: site.unlockFee,
      applicationFee: applicationFeeOf(total, {
        revenueShareMethod: site.revenueShareMethod,
        percentage: site.revenueSharePercentage,
        fixedFee: site.revenueShareFixedFee,
      }),
      dueDate: new Date(now + CHECKOUT_EXPIRY_MS),
    });
    try {
      const session = await this.provider.createCheckout({
        accountId: site.stripeAccountId,
        amount: total,
        currency: site.currency,
        applicationFee: payment.applicationFee,
        productName,
        description: `${cartName}, ${site.publicProfile.name || site.name}`,
        customerEmail: body.email,
        clientReferenceId: payment.id,
        metadata: {
          paymentId: payment.id,
          siteId: site.id,
          deviceId: device.id,
          ...(booking ? { bookingId: booking.id } : {}),
        },
        successUrl: body.success_url,
        cancelUrl: body.cancel_url,
        expiresAt: payment.dueDate!,
      });
      await this.payments.update(payment.id, { checkoutSessionId: session.sessionId });
      return { id: session.sessionId, url: session.url, paymentId: payment.id };
    } catch (error) {
      // Nothing was offered to the guest: the row would only be noise in the club's ledger.
      await this.payments.delete(payment.id);
      this.log.error({ err: error, siteId: site.id }, 'creating a checkout failed');
      throw new HttpError(
        503,
        'Card payments are not available right now; please try again',
        'providerUnavailable',
      );
    }
  }

  /** A ride now: the cart must be AVAILABLE (spec §4), so it is never sold twice. */
  private async rideSale(site: SiteRow, deviceId: string, now: number): Promise<Sale> {
    const [device] = await this.db
      .select()
      .from(devices)
      .where(and(eq(devices.id, deviceId), eq(devices.siteId, site.id)));
    if (!device) throw notFound('Cart not found');
    // A paid unlock waiting for the cart's confirmation is a session already: the cart is not for sale.
    const [openRide] = await this.db
      .select({ id: rides.id })
      .from(rides)
      .where(and(eq(rides.deviceId, device.id), ne(rides.status, 'ended')));
    const bookingsNow = await cartBookingsNow(this.db, device.id, new Date(now));
    const status = guestCartStatusAt(toCartView(device, now), openRide !== undefined, site, now, bookingsNow);
    if (status !== 'AVAILABLE') throw conflict(GUEST_CART_REFUSALS[status], status);
    return { device, booking: null };
  }

  /**
   * A booking that still needs payment (spec §4), not yet ended, on its own cart (the body's deviceId is the
   * page's; a booking moved meanwhile is paid all the same). The cart's status now is not asked: the payment
   * buys the booking, which already holds the cart, and no ride opens until the guest unlocks in its window.
   */
  private async bookingSale(siteId: string, bookingId: string, now: number): Promise<Sale> {
    const [row] = await this.db
      .select({ booking: bookings, device: { id: devices.id, carNumber: devices.carNumber } })
      .from(bookings)
      .innerJoin(devices, eq(devices.id, bookings.deviceId))
      .where(
        and(eq(bookings.id, bookingId), eq(bookings.siteId, siteId), eq(bookings.bookingType, 'booking')),
      );
    if (!row || !['confirmed', 'payment_pending'].includes(row.booking.status))
      throw new HttpError(404, 'Booking not found', 'bookingNotFound');
    if (!bookingNeedsPayment(row.booking)) throw conflict('This booking is paid already', 'bookingPaid');
    if (now >= +row.booking.end) throw conflict('This booking has expired', 'bookingExpired');
    return { device: row.device, booking: row.booking };
  }
}
