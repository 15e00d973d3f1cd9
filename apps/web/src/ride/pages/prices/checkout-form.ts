import type { MessageKey } from '../../i18n/translator';
import type { CheckoutDetails } from '../../lib/ride-storage';

/** Spec §5 Checkout: first name, last name and email required, the email valid, the terms ticked. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The checkout call takes a name of at most 120 characters (the two halves and a space). */
export const NAME_MAX = 59;
export const EMAIL_MAX = 254;

export type CheckoutField = keyof CheckoutDetails | 'terms';
export type CheckoutErrors = Partial<Record<CheckoutField, MessageKey>>;

/** Trimmed, the email lower-cased (spec §5). */
export const normalizeDetails = (details: CheckoutDetails): CheckoutDetails => ({
  firstName: details.firstName.trim(),
  lastName: details.lastName.trim(),
  email: details.email.trim().toLowerCase(),
});

export function validateCheckout(details: CheckoutDetails, termsAccepted: boolean): CheckoutErrors {
  const clean = normalizeDetails(details);
  const errors: CheckoutErrors = {};
  if (!clean.firstName) errors.firstName = 'details.required';
  if (!clean.lastName) errors.lastName = 'details.required';
  if (!clean.email) errors.email = 'details.required';
  else if (!EMAIL_PATTERN.test(clean.email) || clean.email.length > EMAIL_MAX)
    errors.email = 'details.invalidEmail';
  if (!termsAccepted) errors.terms = 'details.termsRequired';
  return errors;
}

export const CHECKOUT_FIELDS: readonly CheckoutField[] = ['firstName', 'lastName', 'email', 'terms'];
