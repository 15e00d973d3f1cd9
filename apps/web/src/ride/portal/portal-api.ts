import type {
  GuestBookingBody,
  GuestBookingCreated,
  GuestBookingRef,
  GuestCartView,
  GuestKeyCarts,
  GuestKeyServices,
  GuestKeyView,
  GuestLockStatus,
  GuestMasterCarts,
  PublicSite,
} from '@fairway/domain';
import { guestRequest } from '../api/http';

/**
 * The site portal's calls (issue 18; contract in packages/domain/src/schemas/guest-portal.ts and
 * guest-keys.ts). Every code travels in the query or the body, never in the path.
 */
const segment = encodeURIComponent;
const isString = (value: unknown): value is string => typeof value === 'string';
const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

export const portalApi = {
  site: (siteId: string, signal?: AbortSignal) =>
    guestRequest<PublicSite>('GET', `/sites/${segment(siteId)}`, {
      signal,
      check: (data) => isString(data._id) && isString(data.timezone) && Array.isArray(data.openingHours),
    }),

  /** A cart's QR code lands here first: which club it belongs to. */
  cart: (deviceId: string, signal?: AbortSignal) =>
    guestRequest<GuestCartView>('GET', `/devices/${segment(deviceId)}`, {
      signal,
      check: (data) => isString(data._id) && isString(data.siteId),
    }),

  /** The key a code names (`master`: only a master key). */
  key: (siteId: string, code: string, master: boolean, signal?: AbortSignal) =>
    guestRequest<GuestKeyView>(
      'GET',
      `/sites/${segment(siteId)}/virtual-keys?${query(master ? { code, master: 'true' } : { code })}`,
      { signal, check: (data) => isString(data._id) && typeof data.credits === 'number' },
    ),

  /** The booking-code card: which booking the code is. */
  retrieveBooking: (siteId: string, code: string) =>
    guestRequest<GuestBookingRef>('GET', `/bookings/retrieve?${query({ siteId, code })}`, {
      check: (data) => isString(data.bookingId) && isString(data.deviceId),
    }),

  keyServices: (siteId: string, code: string, signal?: AbortSignal) =>
    guestRequest<GuestKeyServices>('GET', `/sites/${segment(siteId)}/key-services?${query({ code })}`, {
      signal,
      check: (data) => Array.isArray(data.services) && isString(data.timezone) && isString(data.serverTime),
    }),

  keyCarts: (siteId: string, code: string, serviceId: string, signal?: AbortSignal) =>
    guestRequest<GuestKeyCarts>('GET', `/sites/${segment(siteId)}/key-carts?${query({ code, serviceId })}`, {
      signal,
      check: (data) => Array.isArray(data.carts) && isString(data.start) && isString(data.end),
    }),

  book: (body: GuestBookingBody) =>
    guestRequest<GuestBookingCreated>('POST', '/bookings', {
      body,
      check: (data) => isString(data.bookingId) && isString(data.deviceId) && isString(data.code),
    }),

  masterCarts: (siteId: string, code: string, signal?: AbortSignal) =>
    guestRequest<GuestMasterCarts>('GET', `/sites/${segment(siteId)}/master-carts?${query({ code })}`, {
      signal,
      check: (data) => Array.isArray(data.carts),
    }),

  toggleLock: (deviceId: string, lockStatus: GuestLockStatus, code: string) =>
    guestRequest<{ commandId: string }>('POST', `/devices/${segment(deviceId)}/toggle-lock`, {
      body: { lockStatus, code },
    }),
};
