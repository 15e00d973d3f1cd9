import { toMinorUnits } from '@fairway/domain';
import { describe, expect, it } from 'vitest';
import { amountText, decimalSeparator, minimumText } from './amount';

describe('amounts in the price form', () => {
  it('reads major units with a comma or a dot as minor units of the currency', () => {
    expect(toMinorUnits('12,50', 'EUR')).toBe(1250);
    expect(toMinorUnits('12.5', 'EUR')).toBe(1250);
    expect(toMinorUnits('38', 'DKK')).toBe(3800);
    expect(toMinorUnits('1,5', 'JPY')).toBeNull();
    expect(toMinorUnits('12,505', 'EUR')).toBeNull();
  });

  it('shows saved amounts with the decimal separator of the interface language', () => {
    expect(decimalSeparator('en')).toBe('.');
    expect(decimalSeparator('de')).toBe(',');
    expect(decimalSeparator('da')).toBe(',');
    expect(decimalSeparator('cs')).toBe(',');
    expect(amountText(2550, 'EUR', ',')).toBe('25,50');
    expect(amountText(500, 'JPY', ',')).toBe('500');
  });

  it('names the per-currency minimum in major units', () => {
    expect(minimumText('EUR', '.')).toBe('5.00');
    expect(minimumText('DKK', ',')).toBe('38,00');
    expect(minimumText('CZK', ',')).toBe('125,00');
    expect(minimumText('JPY', '.')).toBe('5');
  });
});
