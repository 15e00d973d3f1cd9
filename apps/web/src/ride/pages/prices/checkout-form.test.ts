import { describe, expect, it } from 'vitest';
import { normalizeDetails, validateCheckout } from './checkout-form';

const valid = { firstName: ' Ada ', lastName: 'Lovelace ', email: '  Ada@Example.COM ' };

describe('checkout details', () => {
  it('trims the names and trims and lower-cases the email', () => {
    expect(normalizeDetails(valid)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
    });
  });

  it('accepts complete details with the terms ticked', () => {
    expect(validateCheckout(valid, true)).toEqual({});
  });

  it('requires every field and the terms', () => {
    expect(validateCheckout({ firstName: ' ', lastName: '', email: '' }, false)).toEqual({
      firstName: 'details.required',
      lastName: 'details.required',
      email: 'details.required',
      terms: 'details.termsRequired',
    });
  });

  it.each(['ada', 'ada@', 'ada@example', 'a da@example.com', '@example.com'])(
    'refuses the email %s',
    (email) => {
      expect(validateCheckout({ ...valid, email }, true)).toEqual({ email: 'details.invalidEmail' });
    },
  );
});
