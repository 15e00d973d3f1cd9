import { createHash } from 'node:crypto';
import type { RideView, WebhookEventType, ZoneAlert } from '@fairway/domain';
import type { DeviceRow } from '../../db/tables/devices';
import type { BookingListing } from '../bookings/bookings.repository';
import { toClientBookingView, toClientCart } from '../clients/client-api.presenter';
import { toPaymentView, type PaymentRow } from '../payments/payments.presenter';

/**
 * One thing that happened, as the outbound webhooks deliver it (docs/webhooks.md). Derived from the stored
 * row, never from what a caller says happened, so the listener and the catch-up job derive the same event
 * from the same row; the id comes from what makes the event unique, so noticing it twice stores it once.
 */
export interface WebhookEventFact {
  type: WebhookEventType;
  siteId: string;
  /** what makes the event unique among its type: a ride's id, a booking's id and change time, … */
  key: string;
  /** when it happened: a subscription made after this does not get it */
  occurredAt: Date;
  /** The event's `data` for one subscription: a booking's personal data goes only to the client that made it. */
  dataFor(subscription: { clientId: string }): Record<string, unknown>;
}

/** The event's id, which receivers deduplicate on (`Fairway-Event-Id`): the same for a retry and a resend. */
export const webhookEventId = (type: WebhookEventType, key: string): string =>
  `evt_${createHash('sha256').update(`${type}:${key}`).digest('hex')}`;

const same = (data: Record<string, unknown>) => () => data;

/**
 * What a ride's row says happened: started once the cart confirmed it, ended once it ended after that. An
 * unlock the cart never confirmed started nothing; a deleted ride announces nothing more. The ride is the
 * operator's view without the guest's name and e-mail, the member, the unlocking staff member and the code.
 */
export function rideEvents(view: RideView): WebhookEventFact[] {
  if (!view.confirmed || view.deleted) return [];
  const { meta: _meta, unlockCode: _code, unlockedBy: _staff, driver: _member, ...ride } = view;
  const events: WebhookEventFact[] = [
    {
      type: 'ride.started',
      siteId: view.siteId,
      key: view._id,
      occurredAt: new Date(view.start),
      dataFor: same(ride),
    },
  ];
  if (view.status === 'ended' && view.end)
    events.push({
      type: 'ride.ended',
      siteId: view.siteId,
      key: view._id,
      occurredAt: new Date(view.end),
      dataFor: same(ride),
    });
  return events;
}

/** What the client API never shows about a booking that is not the client's own. */
const PRIVATE_BOOKING_FIELDS = { name: null, email: null, note: null, code: null, externalRef: null };

/**
 * A booking's latest change (maintenance blocks are no bookings): made (never changed since), cancelled
 * (or failed: an app booking whose payment never came frees its cart the same way), else changed. The key
 * is the change's time, so every change is its own event. The data is the client API's booking, whole for
 * the client that made it and without the guest's details for anyone else (the client API would not show
 * them either).
 */
export function bookingEvent(booking: BookingListing): WebhookEventFact | null {
  if (booking.bookingType !== 'booking') return null;
  const type: WebhookEventType =
    booking.status === 'cancelled' || booking.status === 'failed'
      ? 'booking.cancelled'
      : booking.createdAt.getTime() === booking.updatedAt.getTime()
        ? 'booking.created'
        : 'booking.changed';
  const view = toClientBookingView(booking);
  return {
    type,
    siteId: booking.siteId,
    key: `${booking.id}:${booking.updatedAt.toISOString()}`,
    occurredAt: booking.updatedAt,
    dataFor: ({ clientId }) =>
      booking.clientId === clientId ? view : { ...view, ...PRIVATE_BOOKING_FIELDS },
  };
}

/** A cart whose row says it went offline (and has not come back since); its disconnect time is the key. */
export function cartOfflineEvent(device: DeviceRow): WebhookEventFact | null {
  const { disconnectedAt, connectedAt } = device;
  if (device.online || !disconnectedAt) return null;
  if (connectedAt && connectedAt.getTime() > disconnectedAt.getTime()) return null;
  return {
    type: 'cart.offline',
    siteId: device.siteId,
    key: `${device.id}:${disconnectedAt.toISOString()}`,
    occurredAt: disconnectedAt,
    dataFor: same({
      ...toClientCart(device),
      disconnectedAt: disconnectedAt.toISOString(),
      lastReportAt: device.lastReportAt?.toISOString() ?? null,
      position: device.lat !== null && device.lng !== null ? { lat: device.lat, lng: device.lng } : null,
    }),
  };
}

/** A zone alert as the operators' map gets it ('enter' raises it, 'exit' clears it). */
export function zoneAlertEvent(alert: ZoneAlert): WebhookEventFact {
  const { siteId, ...data } = alert;
  return {
    type: 'zone.alert',
    siteId,
    key: `${alert.deviceId}:${alert.zoneId}:${alert.kind}:${alert.ts}`,
    occurredAt: new Date(alert.ts),
    dataFor: same(data),
  };
}

/**
 * A payment's success or refund: the Revenue page's payment without the guest's name and e-mail and the
 * receipt link. A payment has one of each, so its id is the key.
 */
export function paymentEvent(
  type: 'payment.succeeded' | 'payment.refunded',
  payment: PaymentRow,
): WebhookEventFact | null {
  const at = type === 'payment.succeeded' ? payment.succeededAt : payment.refundedAt;
  if (!at) return null;
  const { userDetails: _guest, stripeReceiptUrl: _receipt, ...view } = toPaymentView(payment);
  return { type, siteId: payment.siteId, key: payment.id, occurredAt: at, dataFor: same(view) };
}
