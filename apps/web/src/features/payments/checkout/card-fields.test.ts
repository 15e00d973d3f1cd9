import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { caretAfterDigits, cardFormSchema, formatCardNumber, formatCvc, formatExpiry } from './card-fields';

describe('card field formatting', () => {
  it('groups a card number in fours and stops at 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42-42 x')).toBe('4242 4242');
    expect(formatCardNumber('12345678901234567890')).toBe('1234 5678 9012 3456 789');
    expect(formatCardNumber('')).toBe('');
  });

  it('writes the expiry as MM/YY, the slash coming with the third digit', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
    // Deleting the year leaves no slash that would come back at once.
    expect(formatExpiry('12/')).toBe('12');
    // No month starts with 4: it is April.
    expect(formatExpiry('4')).toBe('04');
    // Autofill with the full year.
    expect(formatExpiry('7/2031')).toBe('07/31');
  });

  it('keeps up to four CVC digits', () => {
    expect(formatCvc('1a2b3c4d5')).toBe('1234');
  });

  it('puts the caret after the same digit once spaces moved', () => {
    // '4242 4242' with a digit typed after the fourth: the caret belongs after the fifth digit.
    expect(caretAfterDigits('4242 9424 2', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242', 0)).toBe(0);
    expect(caretAfterDigits('4242', 9)).toBe(4);
  });
});

describe('cardFormSchema', () => {
  // The messages are the keys: the schema says which check failed, the page says it in the guest's language.
  const t = ((key: string) => key) as unknown as TFunction;
  const schema = cardFormSchema(t, () => new Date('2026-11-15T12:00:00Z'));
  const valid = { cardNumber: '4242 4242 4242 4242', expiry: '11/26', cvc: '123', name: ' Ada ' };
  const messageFor = (values: Partial<typeof valid>) =>
    schema.safeParse({ ...valid, ...values }).error?.issues.map((issue) => issue.message);

  it('sends the digits of a valid card, the expiry and the trimmed name', () => {
    expect(schema.parse(valid)).toEqual({
      cardNumber: '4242424242424242',
      expiry: '11/26',
      cvc: '123',
      name: 'Ada',
    });
  });

  it('refuses a number failing the Luhn check or too short', () => {
    expect(messageFor({ cardNumber: '4242 4242 4242 4241' })).toEqual([
      'sandboxCheckout.validation.cardNumber',
    ]);
    expect(messageFor({ cardNumber: '4242 42' })).toEqual(['sandboxCheckout.validation.cardNumber']);
  });

  it('accepts this month as expiry and refuses last month or an incomplete date', () => {
    expect(messageFor({ expiry: '11/26' })).toBeUndefined();
    expect(messageFor({ expiry: '10/26' })).toEqual(['sandboxCheckout.validation.expiryPast']);
    expect(messageFor({ expiry: '13/26' })).toEqual(['sandboxCheckout.validation.expiryFormat']);
    expect(messageFor({ expiry: '1' })).toEqual(['sandboxCheckout.validation.expiryFormat']);
  });

  it('wants three or four CVC digits', () => {
    expect(messageFor({ cvc: '1234' })).toBeUndefined();
    expect(messageFor({ cvc: '12' })).toEqual(['sandboxCheckout.validation.cvc']);
  });
});
