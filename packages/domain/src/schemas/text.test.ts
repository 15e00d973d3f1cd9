import { describe, expect, it } from 'vitest';
import { hasUnsafeCharacters, safeText, UNSAFE_TEXT_I18N_KEY, UNSAFE_TEXT_MESSAGE } from './text';
import { memberCreateBody, membersQuery, userGroupBody } from './members';
import { ridesQuery } from './rides';
import { siteSettingsUpdate } from './sites';

describe('the text rule', () => {
  it('accepts ordinary text in any script, emoji included', () => {
    for (const text of ['Old Course', 'Karlštejn', 'Müller & Søn', '東京', 'Cart 🚗', '', ' '])
      expect(hasUnsafeCharacters(text), text).toBe(false);
  });

  it('refuses NUL anywhere', () => {
    expect(hasUnsafeCharacters('\u0000')).toBe(true);
    expect(hasUnsafeCharacters('a\u0000b', true)).toBe(true);
  });

  it('refuses every C0 and C1 control and DEL on a single line, and keeps tab and breaks for multi-line text', () => {
    for (let code = 0; code <= 0x9f; code++) {
      const char = String.fromCharCode(code);
      const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
      expect(hasUnsafeCharacters(`a${char}b`), `U+${code.toString(16)}`).toBe(control);
      const multiLineAllowed = char === '\t' || char === '\n' || char === '\r';
      expect(hasUnsafeCharacters(`a${char}b`, true), `U+${code.toString(16)} multi-line`).toBe(
        control && !multiLineAllowed,
      );
    }
    expect(hasUnsafeCharacters('\u00a0')).toBe(false); // the first character after C1
  });

  it('refuses lone surrogates at the start, middle and end, and accepts pairs', () => {
    for (const text of ['\ud800', 'a\ud800', '\ud800a', 'a\udfffb', '\udc00\ud800', 'x\udbff'])
      expect(hasUnsafeCharacters(text), JSON.stringify(text)).toBe(true);
    expect(hasUnsafeCharacters('\ud83d\ude97')).toBe(false);
    expect(hasUnsafeCharacters('\udbff\udfff')).toBe(false);
  });
});

describe('safeText', () => {
  it('normalises to NFC, so one name is one string however it was typed', () => {
    const decomposed = 'Mu\u0308ller';
    expect(safeText().parse(decomposed)).toBe('M\u00fcller');
  });

  it('answers the message the web app translates', () => {
    const result = safeText().safeParse('a\u0000b');
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.message).toBe(UNSAFE_TEXT_MESSAGE);
    expect(issue.code).toBe('custom');
    expect((issue as { params?: { i18nKey?: string } }).params?.i18nKey).toBe(UNSAFE_TEXT_I18N_KEY);
  });

  it('still chains as a string: trim, min, max', () => {
    const name = safeText().trim().min(1).max(3);
    expect(name.parse('  ab  ')).toBe('ab');
    expect(name.safeParse('abcd').success).toBe(false);
    expect(name.safeParse('   ').success).toBe(false);
  });

  it('allows breaks only in multi-line fields', () => {
    expect(safeText().safeParse('a\nb').success).toBe(false);
    expect(safeText({ multiline: true }).parse('a\r\n\tb')).toBe('a\r\n\tb');
  });
});

describe('the rule in the schemas', () => {
  it('guards the fields that answered 500 (member, user group, search, site)', () => {
    expect(memberCreateBody.safeParse({ name: 'A\u0000', email: 'a@example.org' }).success).toBe(false);
    expect(memberCreateBody.safeParse({ name: 'A', email: 'a@example.org', company: '\ud800' }).success).toBe(
      false,
    );
    expect(userGroupBody.safeParse({ name: 'Juniors\u0000' }).success).toBe(false);
    expect(membersQuery.safeParse({ query: '\u0000' }).success).toBe(false);
    expect(ridesQuery.safeParse({ search: '\u0000' }).success).toBe(false);
    expect(siteSettingsUpdate.safeParse({ wifiSSID: 'Club\u0000' }).success).toBe(false);
    expect(
      siteSettingsUpdate.safeParse({ publicProfile: { description: 'Line one\nLine two' } }).success,
    ).toBe(true);
  });
});
