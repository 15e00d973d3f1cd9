import type { TFunction } from 'i18next';
import { apiErrorCode } from '../../../lib/api-client';

/**
 * A refused booking call in the operator's language: the server's reason code (domain BOOKING_REFUSALS and
 * the service's own codes) picks the text; an unknown code or a failure without one reads generically.
 */
export function bookingErrorText(t: TFunction, error: unknown): string {
  const code = apiErrorCode(error);
  const key = `bookings.errors.${code}` as const;
  return code && t(key as never, { defaultValue: '' }) ? t(key as never) : t('bookings.errors.generic');
}
