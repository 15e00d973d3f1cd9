import type { ClientBookingView, ClientCart, ClientService, ClientSite, ServiceView } from '@fairway/domain';
import type { BookingListing } from '../bookings/bookings.repository';

/** The client API's shapes (api-clients.ts): what a booking system needs, none of the operator's fields. */
export const toClientSite = (row: {
  id: string;
  name: string;
  timezone: string;
  currency: string;
}): ClientSite => ({ _id: row.id, name: row.name, timezone: row.timezone, currency: row.currency });

export const toClientService = (service: ServiceView): ClientService => ({
  _id: service._id,
  name: service.name,
  duration: service.duration,
  prices: service.prices.map((price) => ({
    _id: price._id,
    name: price.name,
    amount: price.amount,
    userGroup: price.userGroup,
  })),
});

export const toClientCart = (row: {
  id: string;
  carNumber: string | null;
  carName: string;
  bookableOnline: boolean;
  inService: boolean;
}): ClientCart => ({
  _id: row.id,
  carNumber: row.carNumber ?? '',
  carName: row.carName || null,
  bookableOnline: row.bookableOnline,
  inService: row.inService,
});

export const toClientBookingView = (row: BookingListing): ClientBookingView => ({
  _id: row.id,
  site: row.siteId,
  device: row.deviceId,
  carNumber: row.carNumber,
  status: row.status,
  start: row.start.toISOString(),
  end: row.end.toISOString(),
  name: row.name,
  email: row.email,
  note: row.note,
  service: row.serviceId,
  price: row.priceId,
  prePaid: row.prePaid,
  code: row.code ?? '',
  externalRef: row.externalRef,
});
