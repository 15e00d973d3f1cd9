import { cardExpiryValid, luhnValid, type SandboxPayBody } from '@fairway/domain';
import type { TFunction } from 'i18next';
import { z } from 'zod';

/**
 * The card form's typing aids and checks. The fields show what a card shows ('4242 4242 4242 4242',
 * '12/34'); the server gets digits. The checks are the server's own rules (Luhn, expiry, CVC length), run
 * first in the browser so a typo is caught before the guest waits for an answer, and said in their language.
 */

export const CARD_NUMBER_MAX_DIGITS = 19;
const CVC_MAX_DIGITS = 4;

export const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** Groups of four as on the card; more than 19 digits is no card number. */
export function formatCardNumber(value: string): string {
  return (
    digitsOf(value)
      .slice(0, CARD_NUMBER_MAX_DIGITS)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/** A browser's autofill may offer the year in full ('12/2030'). */
const FULL_YEAR_EXPIRY = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/;

/**
 * 'MM/YY' while typing: the slash appears with the third digit (so deleting past it is not undone), and a
 * first digit that cannot start a month is one ('4' → '04').
 */
export function formatExpiry(value: string): string {
  const fullYear = FULL_YEAR_EXPIRY.exec(value);
  if (fullYear) return `${fullYear[1]!.padStart(2, '0')}/${fullYear[2]}`;
  const digits = digitsOf(value).slice(0, 4);
  if (digits.length === 1 && digits > '1') return `0${digits}`;
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export const formatCvc = (value: string): string => digitsOf(value).slice(0, CVC_MAX_DIGITS);

/**
 * Where the caret belongs in `formatted` so that `digitsBefore` digits stand before it: typing or deleting
 * in the middle of a formatted number keeps the caret where the guest was, instead of jumping to the end.
 */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index]!)) seen++;
    if (seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}

export interface CardFormValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export const EMPTY_CARD_FORM: CardFormValues = { cardNumber: '', expiry: '', cvc: '', name: '' };

const EXPIRY = /^(0[1-9]|1[0-2])\/\d{2}$/;

/**
 * The card form's schema, with messages in the interface language (an empty field reads "This field is
 * required" through the form resolver). `now` is read at each check: a page left open over a month's end
 * still judges the expiry by today.
 */
export function cardFormSchema(t: TFunction, now: () => Date = () => new Date()) {
  return z.object({
    cardNumber: z
      .string()
      .transform(digitsOf)
      .refine(
        (digits) => digits.length >= 12 && digits.length <= CARD_NUMBER_MAX_DIGITS && luhnValid(digits),
        {
          message: t('sandboxCheckout.validation.cardNumber'),
        },
      ),
    expiry: z
      .string()
      .transform((value) => value.replace(/\s/g, ''))
      .refine((value) => EXPIRY.test(value), {
        message: t('sandboxCheckout.validation.expiryFormat'),
        abort: true,
      })
      .refine((value) => cardExpiryValid(value, now()), {
        message: t('sandboxCheckout.validation.expiryPast'),
      }),
    cvc: z
      .string()
      .trim()
      .refine((value) => /^\d{3,4}$/.test(value), { message: t('sandboxCheckout.validation.cvc') }),
    name: z.string().trim().min(1).max(120),
  }) satisfies z.ZodType<SandboxPayBody, CardFormValues>;
}
