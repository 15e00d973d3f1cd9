import type { RideView, WebhookEventType, ZoneAlert } from '@fairway/domain';
import type { Logger } from 'pino';
import type { DeviceRow } from '../../db/tables/devices';
import type { DomainEventBus } from '../../lib/events';
import type { BookingListing } from '../bookings/bookings.repository';
import {
  bookingEvent,
  cartOfflineEvent,
  paymentEvent,
  rideEvents,
  zoneAlertEvent,
  type WebhookEventFact,
} from './webhook-events';
import type { WebhookOutbox } from './webhook-outbox';
import type { WebhooksRepository } from './webhooks.repository';

/** What the webhooks read of rides and bookings to present them (the composition root wires both modules). */
export interface WebhookSourceReads {
  /** The operator's view of a ride, deleted ones included. */
  ride(rideId: string): Promise<RideView | null>;
  /** A booking as the bookings module lists it (with its cart number and ride). */
  booking(siteId: string, bookingId: string): Promise<BookingListing | null>;
}

const RIDE_TYPES: WebhookEventType[] = ['ride.started', 'ride.ended'];
const BOOKING_TYPES: WebhookEventType[] = ['booking.created', 'booking.changed', 'booking.cancelled'];

/** Carts whose last noticed disconnect this process remembers (a cart's row changes often while offline). */
const REMEMBERED_CARTS = 10_000;

/**
 * Rides, bookings, zone alerts and carts going offline reach the webhooks through the coarse domain events
 * (docs/decisions.md, "Outbound webhooks"): each listener loads the stored row, derives the event from it
 * and stores its deliveries. A crash between a change's commit and its listener would lose the event; the
 * catch-up job notices again what was stored in the last minutes, which stores nothing twice and writes
 * what was lost (and the refunds made in the payment provider's own dashboard).
 */
export class WebhookEventSources {
  /** The disconnect time last noticed per cart: a cart's row is pushed on every change, noticed once. */
  private readonly noticedOffline = new Map<string, number>();

  constructor(
    private readonly outbox: WebhookOutbox,
    private readonly repo: WebhooksRepository,
    private readonly reads: WebhookSourceReads,
    private readonly bus: DomainEventBus,
    private readonly log: Logger,
  ) {}

  /** Subscribes to the domain events; returns the unsubscribe function. */
  attach(): () => void {
    const guarded =
      <A extends unknown[]>(what: string, handle: (...args: A) => Promise<void>) =>
      (...args: A) => {
        // A listener's failure must not reach the emitter; the catch-up job stores what was missed.
        handle(...args).catch((error: unknown) =>
          this.log.error({ err: error, what }, 'storing a webhook event failed; the catch-up will retry'),
        );
      };
    const onRide = guarded('ride', (rideId: string, siteId: string) => this.ride(rideId, siteId));
    const onBooking = guarded('booking', (bookingId: string, siteId: string) =>
      this.booking(bookingId, siteId),
    );
    const onZoneAlert = guarded('zone alert', (alert: ZoneAlert) => this.zoneAlert(alert));
    const onDevice = guarded('cart offline', (device: DeviceRow) => this.device(device));
    this.bus.on('ride.updated', onRide);
    this.bus.on('booking.updated', onBooking);
    this.bus.on('zone.alert', onZoneAlert);
    this.bus.on('device.updated', onDevice);
    return () => {
      this.bus.off('ride.updated', onRide);
      this.bus.off('booking.updated', onBooking);
      this.bus.off('zone.alert', onZoneAlert);
      this.bus.off('device.updated', onDevice);
    };
  }

  /**
   * Notices again everything of the subscribed sites that happened in [from, to]: rides started or ended,
   * bookings stored, carts gone offline, payments refunded. Answers how many deliveries were new.
   */
  async catchUp(from: Date, to: Date): Promise<number> {
    const sites = await this.outbox.subscribedSites();
    const sitesWanting = (types: WebhookEventType[]) =>
      [...sites].filter(([, wanted]) => types.some((type) => wanted.has(type))).map(([siteId]) => siteId);
    let stored = 0;
    const record = async (facts: Array<WebhookEventFact | null>) => {
      for (const fact of facts) if (fact) stored += await this.outbox.record(fact);
    };

    for (const rideId of await this.repo.ridesSince(sitesWanting(RIDE_TYPES), from, to)) {
      const view = await this.reads.ride(rideId);
      if (view) await record(rideEvents(view));
    }
    for (const { id, siteId } of await this.repo.bookingsSince(sitesWanting(BOOKING_TYPES), from, to)) {
      const booking = await this.reads.booking(siteId, id);
      if (booking) await record([bookingEvent(booking)]);
    }
    for (const device of await this.repo.cartsOfflineSince(sitesWanting(['cart.offline']), from, to))
      await record([cartOfflineEvent(device)]);
    const refunded = await this.repo.paymentsRefundedSince(sitesWanting(['payment.refunded']), from, to);
    await record(refunded.map((payment) => paymentEvent('payment.refunded', payment)));
    return stored;
  }

  private async ride(rideId: string, siteId: string): Promise<void> {
    if (!(await this.outbox.wants(siteId, RIDE_TYPES))) return;
    const view = await this.reads.ride(rideId);
    if (!view) return;
    for (const fact of rideEvents(view)) await this.outbox.record(fact);
  }

  private async booking(bookingId: string, siteId: string): Promise<void> {
    if (!(await this.outbox.wants(siteId, BOOKING_TYPES))) return;
    const booking = await this.reads.booking(siteId, bookingId);
    const fact = booking ? bookingEvent(booking) : null;
    if (fact) await this.outbox.record(fact);
  }

  private async zoneAlert(alert: ZoneAlert): Promise<void> {
    if (!(await this.outbox.wants(alert.siteId, ['zone.alert']))) return;
    await this.outbox.record(zoneAlertEvent(alert));
  }

  private async device(device: DeviceRow): Promise<void> {
    const fact = cartOfflineEvent(device);
    if (!fact) return;
    const disconnectedAt = fact.occurredAt.getTime();
    if (this.noticedOffline.get(device.id) === disconnectedAt) return;
    this.noticedOffline.delete(device.id);
    this.noticedOffline.set(device.id, disconnectedAt);
    if (this.noticedOffline.size > REMEMBERED_CARTS)
      this.noticedOffline.delete(this.noticedOffline.keys().next().value!);
    if (!(await this.outbox.wants(device.siteId, ['cart.offline']))) return;
    await this.outbox.record(fact);
  }
}
