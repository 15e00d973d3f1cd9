import type { MessageKey, Translate } from '../i18n/translator';
import { isGuestApiError } from './http';

/**
 * What a guest is told when a call fails (spec §8 user-facing texts): refusals by their stable code, no
 * answer by its cause (offline, timeout, unreachable), anything else by the server's message.
 */
const CODE_KEYS: Record<string, MessageKey> = {
  offline: 'errors.offline',
  timeout: 'errors.timeout',
  network: 'errors.unreachable',
  badAnswer: 'errors.generic',
  invalidCode: 'refusals.invalidCode',
  sessionNotFound: 'refusals.sessionNotFound',
  rideEnded: 'refusals.rideEnded',
  noRetryLeft: 'refusals.noRetryLeft',
  notPaused: 'refusals.notPaused',
  notActive: 'refusals.notActive',
  cartDidNotAnswer: 'refusals.cartDidNotAnswer',
  rateUnavailable: 'refusals.rateUnavailable',
  rateNotFound: 'refusals.rateNotFound',
  paymentsNotActive: 'refusals.paymentsNotActive',
  freeRate: 'refusals.freeRate',
  providerUnavailable: 'refusals.providerUnavailable',
  rateLimited: 'refusals.rateLimited',
  IN_USE: 'status.IN_USE.message',
  KEYMODE: 'status.KEYMODE.message',
  OFFLINE: 'status.OFFLINE.message',
  OUT_OF_SERVICE: 'status.OUT_OF_SERVICE.message',
  BOOKED: 'status.BOOKED.message',
  SITE_CLOSED: 'status.SITE_CLOSED.message',
};

export function errorText(t: Translate, error: unknown): string {
  if (!isGuestApiError(error)) return t('errors.generic');
  const key = error.code ? CODE_KEYS[error.code] : undefined;
  if (key) return t(key);
  if (error.status === 0) return t('errors.unreachable');
  // Any other route's limit answers the rate-limit plugin's English text: say it in the guest's language.
  if (error.status === 429) return t('refusals.rateLimited');
  if (error.status >= 500 || !error.message) return t('errors.generic');
  return error.message;
}

export const isNotFound = (error: unknown): boolean => isGuestApiError(error) && error.status === 404;
