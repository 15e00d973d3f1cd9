import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import type { CardFormValues } from './card-fields';

/** How the card form shows a failed payment: next to the field at fault, or above the Pay button. */
export interface PaymentRefusal {
  /** The field the guest should correct, or null when the refusal is about the payment as a whole. */
  field: keyof CardFormValues | null;
  message: string;
  /** Nothing was wrong with the card: the same payment may simply be tried again. */
  retryable: boolean;
}

/**
 * A failed pay call in the guest's language, by the server's refusal code (never its English message,
 * except as the detail of an unexpected failure).
 */
export function paymentRefusal(error: unknown, t: TFunction): PaymentRefusal {
  // Not a refusal but an answer this page cannot use (no redirect address, a malformed body): trying the
  // same again would end the same way.
  if (!(error instanceof ApiError)) {
    return {
      field: null,
      message: t('sandboxCheckout.refusal.failed', { message: t('errors.unknown') }),
      retryable: false,
    };
  }
  if (error.kind !== 'http') {
    return { field: null, message: t('sandboxCheckout.refusal.network'), retryable: true };
  }
  switch (error.code) {
    case 'cardDeclined':
      return { field: null, message: t('sandboxCheckout.refusal.declined'), retryable: false };
    case 'cardExpired':
      return { field: 'expiry', message: t('sandboxCheckout.refusal.expired'), retryable: false };
    case 'notTestCard':
      return { field: 'cardNumber', message: t('sandboxCheckout.refusal.notTestCard'), retryable: false };
    case 'checkoutClosed':
      return { field: null, message: t('sandboxCheckout.refusal.closed'), retryable: false };
  }
  // A server fault may pass; a refusal without a known code will not change by trying again.
  return {
    field: null,
    message: t('sandboxCheckout.refusal.failed', { message: error.message }),
    retryable: error.status >= 500,
  };
}
