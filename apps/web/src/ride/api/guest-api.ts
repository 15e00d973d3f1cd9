import type {
  CheckoutSessionAnswer,
  CheckoutSessionBody,
  GuestCartView,
  GuestCodeUnlockBody,
  GuestPaymentView,
  GuestRideView,
  RatesAnswer,
} from '@fairway/domain';
import { guestRequest } from './http';

/** The guest API calls of the ride flow (issue #6; contract in packages/domain/src/schemas/rides.ts). */
const segment = encodeURIComponent;
const isString = (value: unknown): value is string => typeof value === 'string';

export type RideAction = 'end' | 'pause' | 'resume' | 'retry';

const isRide = (data: Record<string, unknown>) =>
  isString(data._id) && isString(data.stage) && isString(data.serverTime);

export const guestApi = {
  cart: (deviceId: string, signal?: AbortSignal) =>
    guestRequest<GuestCartView>('GET', `/devices/${segment(deviceId)}`, {
      signal,
      check: (data) => isString(data._id) && isString(data.status) && Array.isArray(data.services),
    }),

  rates: (siteId: string, serviceId: string | undefined, signal?: AbortSignal) =>
    guestRequest<RatesAnswer>(
      'GET',
      `/sites/${segment(siteId)}/rates${serviceId ? `?serviceId=${segment(serviceId)}` : ''}`,
      { signal, check: (data) => Array.isArray(data.rates) && typeof data.unlockFee === 'number' },
    ),

  unlockWithCode: (deviceId: string, code: string) =>
    guestRequest<{ session: string }>('POST', `/devices/${segment(deviceId)}/unlock`, {
      body: { rideData: { type: 'code', code } } satisfies GuestCodeUnlockBody,
      check: (data) => isString(data.session),
    }),

  ride: (sessionId: string, signal?: AbortSignal) =>
    guestRequest<GuestRideView>('GET', `/rides/${segment(sessionId)}`, { signal, check: isRide }),

  rideAction: (sessionId: string, action: RideAction) =>
    guestRequest<GuestRideView>('POST', `/rides/${segment(sessionId)}/${action}`, { check: isRide }),

  checkout: (body: CheckoutSessionBody) =>
    guestRequest<CheckoutSessionAnswer>('POST', '/stripe/generate-checkout-session', {
      body,
      check: (data) => isString(data.url) && isString(data.id),
    }),

  payment: (id: string, signal?: AbortSignal) =>
    guestRequest<GuestPaymentView>('GET', `/payments/${segment(id)}`, {
      signal,
      check: (data) => isString(data._id) && isString(data.status),
    }),
};
