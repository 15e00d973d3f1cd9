import { describe, expect, it } from 'vitest';
import {
  availableCodeTypes,
  codeOnTypeChange,
  defaultCodeType,
  deriveAllDevices,
  expiryBounds,
  isCodeExpired,
  randomCode,
  toWholeMinute,
} from './member-codes';

describe('randomCode', () => {
  it('spans 100000 to 999999, always 6 digits', () => {
    expect(randomCode(() => 0)).toBe('100000');
    expect(randomCode(() => 0.999_999_999)).toBe('999999');
    expect(randomCode(() => 0.5)).toBe('550000');
    for (let i = 0; i < 200; i += 1) expect(randomCode()).toMatch(/^[1-9]\d{5}$/);
  });
});

describe('availableCodeTypes and defaultCodeType', () => {
  it('offers only Virtual Key on sites without a keypad', () => {
    expect(availableCodeTypes(false, [])).toEqual(['virtualKey']);
    expect(availableCodeTypes(false, [{ type: 'virtualKey' }])).toEqual([]);
    expect(defaultCodeType(false, [{ type: 'virtualKey' }])).toBeNull();
  });

  it('offers the types the member lacks on keypad sites', () => {
    expect(availableCodeTypes(true, [])).toEqual(['virtualKey', 'keypad', 'rfid']);
    expect(availableCodeTypes(true, [{ type: 'virtualKey' }, { type: 'rfid' }])).toEqual(['keypad']);
    expect(defaultCodeType(true, [{ type: 'virtualKey' }])).toBe('keypad');
    expect(defaultCodeType(true, [])).toBe('virtualKey');
  });

  it("keeps the edited code's own type", () => {
    const codes = [{ type: 'virtualKey' as const }, { type: 'keypad' as const }];
    expect(availableCodeTypes(true, codes, 'keypad')).toEqual(['keypad', 'rfid']);
    expect(availableCodeTypes(false, [{ type: 'virtualKey' }], 'virtualKey')).toEqual(['virtualKey']);
  });
});

describe('codeOnTypeChange', () => {
  const fixed = () => 0;

  it('clears the code for rfid', () => {
    expect(codeOnTypeChange('rfid', { type: 'keypad', code: '123456' }, null)).toBe('');
  });

  it('keeps the typed code between the 6-digit types', () => {
    expect(codeOnTypeChange('keypad', { type: 'virtualKey', code: '654321' }, null, fixed)).toBe('654321');
  });

  it('coming back from rfid restores the edited 6-digit code, else draws one', () => {
    const current = { type: 'rfid' as const, code: '' };
    expect(codeOnTypeChange('keypad', current, { type: 'keypad', code: '222333' }, fixed)).toBe('222333');
    expect(codeOnTypeChange('keypad', current, null, fixed)).toBe('100000');
    expect(codeOnTypeChange('keypad', current, { type: 'rfid', code: '998877665' }, fixed)).toBe('100000');
  });
});

describe('deriveAllDevices', () => {
  const all = ['1', '2', '3'];

  it('is true only when more than one cart is picked and the pick is every cart', () => {
    expect(deriveAllDevices(['1', '2', '3'], all)).toBe(true);
    expect(deriveAllDevices(['3', '1', '2'], all)).toBe(true);
    expect(deriveAllDevices(['1', '2'], all)).toBe(false);
    expect(deriveAllDevices([], all)).toBe(false);
  });

  it('keeps a single cart listed, even when the site has only that cart', () => {
    expect(deriveAllDevices(['1'], ['1'])).toBe(false);
  });

  it('does not count carts the site no longer has or repeats', () => {
    expect(deriveAllDevices(['1', '2', '9'], all)).toBe(false);
    expect(deriveAllDevices(['1', '1', '2'], all)).toBe(false);
    expect(deriveAllDevices(['1', '2', '3', '9'], all)).toBe(true);
  });

  it('is false while the site has no carts (not loaded yet)', () => {
    expect(deriveAllDevices(['1', '2'], [])).toBe(false);
  });
});

describe('expiryBounds', () => {
  it('starts today at midnight, allows the next whole minute and suggests the same time tomorrow', () => {
    const now = new Date(2026, 4, 12, 14, 30, 20, 500);
    const { today, earliest, suggested } = expiryBounds(now);
    expect(today).toEqual(new Date(2026, 4, 12, 0, 0, 0, 0));
    expect(earliest).toEqual(new Date(2026, 4, 12, 14, 31, 0, 0));
    expect(suggested).toEqual(new Date(2026, 4, 13, 14, 31, 0, 0));
  });

  it('allows the current minute when it has just begun', () => {
    const now = new Date(2026, 4, 12, 14, 30, 0, 0);
    expect(expiryBounds(now).earliest).toEqual(now);
  });

  it('drops seconds from an expiry', () => {
    expect(toWholeMinute(new Date(2026, 0, 1, 8, 15, 59, 999))).toEqual(new Date(2026, 0, 1, 8, 15));
  });
});

describe('isCodeExpired', () => {
  const now = new Date('2026-05-12T10:00:00Z');

  it('never expires without an expiry', () => {
    expect(isCodeExpired({ expires: null }, now)).toBe(false);
  });

  it('has expired at the expiry minute and after, not before', () => {
    expect(isCodeExpired({ expires: '2026-05-12T10:00:00Z' }, now)).toBe(true);
    expect(isCodeExpired({ expires: '2026-05-12T09:59:00Z' }, now)).toBe(true);
    expect(isCodeExpired({ expires: '2026-05-12T10:01:00Z' }, now)).toBe(false);
  });
});
