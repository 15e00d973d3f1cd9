import { isBookingCurrent, type BookingView } from '@fairway/domain';
import type { BookingListing } from './bookings.repository';

/** Row → API shape (spec §3 Booking field names), in one place. */
export function toBookingView(row: BookingListing, currency: string, now = Date.now()): BookingView {
  return {
    _id: row.id,
    device: row.deviceId,
    carNumber: row.carNumber,
    site: row.siteId,
    bookingType: row.bookingType,
    status: row.status,
    source: row.source,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    name: row.name,
    email: row.email,
    note: row.note,
    driver: row.memberId,
    service: row.serviceId,
    price: row.priceId,
    serviceName: row.serviceName,
    priceName: row.priceName,
    amount: row.amount,
    currency,
    code: row.code ?? '',
    prePaid: row.prePaid,
    scheduleUnlock: row.scheduleUnlock,
    isBookingNow: isBookingCurrent({ start: +row.start, end: +row.end }, now),
    session: row.rideId,
  };
}
