import { describe, expect, it } from 'vitest';
import { makeCode, makeMember } from './code-fixtures';
import {
  codeCreateBody,
  codeFieldError,
  codeFormReducer,
  codePatchBody,
  expiryInPast,
  initialCodeForm,
  type CodeFormValues,
} from './code-form';

const editing = (code = makeCode()) =>
  initialCodeForm({ member: makeMember({ codes: [code] }), code, keypad: false })!;

describe('initialCodeForm', () => {
  it('has nothing to offer when the member has every type', () => {
    const member = makeMember({ codes: [makeCode({ type: 'virtualKey' })] });
    expect(initialCodeForm({ member, code: null, keypad: false })).toBeNull();
  });

  it('starts an RFID code empty and leaves the email off for a member without an address', () => {
    const member = makeMember({
      email: '',
      codes: [makeCode({ type: 'virtualKey' }), makeCode({ type: 'keypad' })],
    });
    const values = initialCodeForm({ member, code: null, keypad: true });
    expect(values).toMatchObject({ type: 'rfid', code: '', allDevices: true, sendEmail: false });
  });
});

describe('codeFieldError', () => {
  it('names the broken rule for 6-digit codes and RFID tags', () => {
    expect(codeFieldError('virtualKey', '')).toBe('required');
    expect(codeFieldError('virtualKey', '12a456')).toBe('numbersOnly');
    expect(codeFieldError('keypad', '12345')).toBe('sixDigits');
    expect(codeFieldError('keypad', '123456')).toBeNull();
    expect(codeFieldError('rfid', '0004711')).toBeNull();
    expect(codeFieldError('rfid', '1'.repeat(21))).toBe('tagTooLong');
  });
});

describe('codePatchBody', () => {
  it('sends nothing for an unchanged code', () => {
    const code = makeCode({ expires: '2020-01-01T10:00:00.000Z', allDevices: false, devices: ['2', '1'] });
    expect(codePatchBody(code, editing(code), false)).toEqual({});
  });

  it('sends type and code together, and carts with allDevices', () => {
    const code = makeCode({ type: 'keypad', code: '111222' });
    let values: CodeFormValues = editing(code);
    values = codeFormReducer(values, { type: 'code', value: '333444' });
    values = codeFormReducer(values, { type: 'devices', picked: ['1'], allCarNumbers: ['1', '2'] });
    expect(codePatchBody(code, values, true)).toEqual({
      type: 'keypad',
      code: '333444',
      allDevices: false,
      devices: ['1'],
    });
  });

  it('drops master and expiry on keypad sites and sends a whole-minute expiry elsewhere', () => {
    const values = { ...editing(), master: true, expires: new Date('2030-06-01T08:15:42.123Z') };
    expect(codePatchBody(makeCode(), values, false)).toEqual({
      master: true,
      expires: '2030-06-01T08:15:00.000Z',
    });
    expect(codeCreateBody(makeMember(), values, true)).toMatchObject({ master: false, expires: null });
  });
});

describe('expiryInPast', () => {
  const now = new Date('2026-05-12T10:00:30Z');

  it('refuses a past expiry the operator set, but not the unchanged one of an expired code', () => {
    const code = makeCode({ expires: '2026-05-01T10:00:00.000Z' });
    const values = editing(code);
    expect(expiryInPast(values, code, now)).toBe(false);
    expect(expiryInPast({ ...values, expires: new Date('2026-05-02T10:00:00Z') }, code, now)).toBe(true);
    expect(expiryInPast({ ...values, expires: new Date('2026-05-12T10:01:00Z') }, code, now)).toBe(false);
    expect(expiryInPast({ ...values, expires: null }, code, now)).toBe(false);
  });
});
