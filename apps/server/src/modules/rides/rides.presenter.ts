import {
  GUEST_UNLOCK_RETRIES,
  rideOverrun,
  type GuestRideStage,
  type GuestRideView,
  type RideDetail,
  type RideOverrunMarkView,
  type RideView,
} from '@fairway/domain';
import type { GuestRide, RideWithNames } from './ride-views.repository';
import type { RideRow } from './rides.repository';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** Only an open ride the cart confirmed can run late, and only one whose service has a duration. */
const mayRunLate = (ride: RideRow, serviceMinutes: number | null): serviceMinutes is number =>
  ride.status !== 'ended' && ride.confirmed && !ride.deleted && serviceMinutes !== null;

/** What the overrun marks read of an open ride (issue 23); null for a ride that cannot run late. */
export function toRideOverrunMark(
  ride: RideRow,
  serviceMinutes: number | null,
  graceMinutes: number,
): RideOverrunMarkView | null {
  if (!mayRunLate(ride, serviceMinutes)) return null;
  return {
    rideId: ride.id,
    start: ride.start.toISOString(),
    serviceMinutes,
    pausedSeconds: ride.pausedSeconds,
    pausedAt: iso(ride.pausedAt),
    graceMinutes,
    alertedAt: iso(ride.overrunAlertedAt),
  };
}

/** The one place a ride becomes what operators see (list card, detail pane, live updates). */
export function toRideView({ ride, ...names }: RideWithNames): RideView {
  return {
    _id: ride.id,
    device: ride.deviceId,
    siteId: ride.siteId,
    carNumber: ride.carNumber,
    // A cart without a name has '' as its name; the ride shows none.
    carName: names.carName || null,
    type: ride.type,
    status: ride.status,
    confirmed: ride.confirmed,
    start: ride.start.toISOString(),
    end: iso(ride.end),
    duration: ride.duration,
    distance: ride.distance,
    startOdometer: ride.startOdometer,
    endOdometer: ride.endOdometer,
    amount: ride.amount,
    currency: names.currency,
    service:
      ride.serviceId && names.serviceName !== null ? { _id: ride.serviceId, name: names.serviceName } : null,
    price: ride.priceId && names.priceName !== null ? { _id: ride.priceId, name: names.priceName } : null,
    booking: ride.bookingId,
    driver: ride.memberId,
    meta: { name: ride.meta.name ?? null, email: ride.meta.email ?? null },
    unlockCode: ride.unlockCode,
    unlockedBy:
      ride.unlockedBy && names.unlockedByEmail !== null
        ? { _id: ride.unlockedBy, email: names.unlockedByEmail }
        : null,
    endReason: ride.endReason,
    rideTags: ride.rideTags,
    marks: { tooShort: ride.tooShort, fewPoints: ride.fewPoints },
    points: ride.points,
    deleted: ride.deleted,
    overrun: toRideOverrunMark(ride, names.serviceDuration, names.overrunGraceMinutes),
  };
}

export function toRideDetail(
  ride: RideWithNames,
  trail: [number, number][],
  hiRes: boolean,
  siteCenter: [number, number],
  hole: number | null,
): RideDetail {
  return { ...toRideView(ride), trail, hiRes, siteCenter, hole };
}

/** Spec §4 Ride (guest): awaiting confirmation → active (or paused) → ended. */
export function guestStage(ride: Pick<RideRow, 'status' | 'confirmed'>): GuestRideStage {
  if (ride.status === 'ended') return 'ended';
  if (!ride.confirmed) return 'awaiting';
  return ride.status === 'paused' ? 'paused' : 'active';
}

/** What a guest sees of their own ride: no operator, no member, no odometer. */
export function toGuestRideView(guest: GuestRide, now: Date): GuestRideView {
  const { ride } = guest;
  return {
    _id: ride.id,
    deviceId: ride.deviceId,
    siteId: ride.siteId,
    carNumber: ride.carNumber,
    status: ride.status === 'ended' ? 0 : 1,
    stage: guestStage(ride),
    confirmed: ride.confirmed,
    type: ride.type,
    start: ride.start.toISOString(),
    end: iso(ride.end),
    duration: ride.duration,
    distance: ride.distance,
    meta: { name: ride.meta.name ?? null, email: ride.meta.email ?? null },
    rideTags: ride.rideTags,
    service:
      guest.serviceName !== null && guest.serviceDuration !== null
        ? { name: guest.serviceName, duration: guest.serviceDuration }
        : null,
    price:
      guest.priceName !== null && guest.priceAmount !== null
        ? { name: guest.priceName, amount: guest.priceAmount, currency: guest.currency }
        : null,
    endReason: ride.endReason,
    unlockRequestedAt: iso(ride.unlockRequestedAt),
    unlockAttempts: ride.unlockAttempts,
    retriesLeft: Math.max(0, GUEST_UNLOCK_RETRIES - ride.guestRetries),
    payment: guest.payment
      ? {
          status: guest.payment.status,
          refunded: guest.payment.refundedAt !== null,
          total: guest.payment.total,
          currency: guest.payment.currency,
        }
      : null,
    serverTime: now.toISOString(),
    dueAt: dueAt(ride, guest.serviceDuration, now),
  };
}

/** When the guest's open ride is due back at `now`, pauses so far included (no grace: that is staff's). */
function dueAt(ride: RideRow, serviceMinutes: number | null, now: Date): string | null {
  if (!mayRunLate(ride, serviceMinutes)) return null;
  const { start, pausedSeconds, pausedAt } = ride;
  const overrun = rideOverrun({ start, serviceMinutes, pausedSeconds, pausedAt }, 0, +now);
  return overrun ? new Date(overrun.dueAt).toISOString() : null;
}
