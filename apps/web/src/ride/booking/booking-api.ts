import type { GuestAvailableCarts, GuestBookingView, GuestLockStatus } from '@fairway/domain';
import { guestRequest } from '../api/http';

/**
 * The booking page's calls (issue 18; contract in packages/domain/src/schemas/guest-portal.ts "Booking
 * code"). Every call carries the booking's code: in the query for a read, in the body otherwise.
 */
const segment = encodeURIComponent;
const isString = (value: unknown): value is string => typeof value === 'string';
const bookingPath = (bookingId: string) => `/bookings/${segment(bookingId)}`;
const withCode = (path: string, code: string) => `${path}?code=${segment(code)}`;

const isView = (data: Record<string, unknown>) =>
  isString(data._id) && isString(data.state) && isString(data.unlockFrom) && isString(data.serverTime);

export const bookingApi = {
  view: (bookingId: string, code: string, signal?: AbortSignal) =>
    guestRequest<GuestBookingView>('GET', withCode(bookingPath(bookingId), code), { signal, check: isView }),

  /** Opens (or resumes) the booking's ride: the session page's id. */
  unlock: (bookingId: string, code: string) =>
    guestRequest<{ session: string }>('POST', `${bookingPath(bookingId)}/unlock`, {
      body: { code },
      check: (data) => isString(data.session),
    }),

  toggleLock: (bookingId: string, code: string, lockStatus: GuestLockStatus) =>
    guestRequest<GuestBookingView>('POST', `${bookingPath(bookingId)}/toggle-lock`, {
      body: { code, lockStatus },
      check: isView,
    }),

  availableCarts: (bookingId: string, code: string, signal?: AbortSignal) =>
    guestRequest<GuestAvailableCarts>('GET', withCode(`${bookingPath(bookingId)}/available-carts`, code), {
      signal,
      check: (data) => Array.isArray(data.availableCarts),
    }),

  /** 'Problem with cart?': the booking on its new cart. */
  move: (bookingId: string, code: string, device: string) =>
    guestRequest<GuestBookingView>('PATCH', bookingPath(bookingId), {
      body: { code, device },
      check: isView,
    }),
};
