import { errorText } from '../api/errors';
import { isGuestApiError } from '../api/http';
import type { Translate } from '../i18n/translator';
import { bookingMessages, type BookingMessages } from './locales';

type RefusalCode = keyof BookingMessages['refusals'];
const isRefusalCode = (code: string): code is RefusalCode => Object.hasOwn(bookingMessages.en.refusals, code);

/**
 * What a guest is told when a booking or key call fails: the booking page's own refusals (spec §8 booking
 * not found, booking expired, payment required, key disabled, …) by their code, everything else (offline,
 * a cart's status, too many tries) as the rest of the guest app says it.
 */
export function bookingErrorText(t: Translate, bt: Translate<BookingMessages>, error: unknown): string {
  if (isGuestApiError(error) && error.code && isRefusalCode(error.code)) return bt(`refusals.${error.code}`);
  return errorText(t, error);
}

export const isBookingNotFound = (error: unknown): boolean =>
  isGuestApiError(error) && error.status === 404 && error.code === 'bookingNotFound';
