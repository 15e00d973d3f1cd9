import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { createTranslator } from './translator';

describe('createTranslator', () => {
  it('looks up nested keys and fills placeholders', () => {
    const t = createTranslator({ cart: { title: 'Bil {{number}}' } }, en);
    expect(t('cart.title', { number: 7 })).toBe('Bil 7');
  });

  it('falls back to English for a missing key, and shows an unknown placeholder as written', () => {
    const t = createTranslator({}, en);
    expect(t('cart.charging')).toBe('Charging');
    expect(t('cart.title', { other: 1 })).toBe('Cart {{number}}');
  });
});
