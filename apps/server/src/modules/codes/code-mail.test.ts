import { describe, expect, it } from 'vitest';
import { CODE_TYPES } from '@fairway/domain';
import { MAIL_LANGS, renderMail, type MemberCodeMailVars } from '../mail/templates';

const vars = (fields: Partial<MemberCodeMailVars> = {}): MemberCodeMailVars => ({
  name: 'Alex Driver',
  siteName: 'Karlštejn Golf',
  code: '482913',
  type: 'virtualKey',
  carts: ['3', '7'],
  // 09:05 UTC is 11:05 in Prague in summer.
  expires: new Date(Date.UTC(2030, 5, 30, 9, 5)),
  timeZone: 'Europe/Prague',
  ...fields,
});

describe('the member code mail', () => {
  it('is written in en, de, da and cs with the site, the code, the carts and the expiry in the site time', () => {
    const subjects = new Set<string>();
    for (const lang of MAIL_LANGS) {
      const mail = renderMail('memberCode', lang, vars());
      expect(mail).toMatchObject({ template: 'memberCode', lang });
      expect(mail.subject).toContain('Karlštejn Golf');
      expect(mail.text).toContain('482913');
      expect(mail.text).toMatch(/3, 7/);
      expect(mail.text).toMatch(/2030/);
      // Danish writes the time with a dot.
      expect(mail.text).toMatch(/11[:.]05/);
      subjects.add(mail.subject);
    }
    expect(subjects.size).toBe(MAIL_LANGS.length);
  });

  it('names the type and says how to use it: virtual keys by scanning the QR code on the cart', () => {
    const texts = CODE_TYPES.map((type) => renderMail('memberCode', 'en', vars({ type })).text);
    expect(new Set(texts).size).toBe(CODE_TYPES.length);
    expect(texts[0]).toContain('scan the QR code on the cart');
    expect(renderMail('memberCode', 'en', vars({ type: 'rfid' })).subject).toBe(
      'Your RFID tag for Karlštejn Golf',
    );
    expect(renderMail('memberCode', 'da', vars({ type: 'virtualKey' })).text).toContain('QR-koden');
    expect(renderMail('memberCode', 'cs', vars({ type: 'keypad' })).subject).toBe(
      'Váš kód pro klávesnici pro Karlštejn Golf',
    );
  });

  it('says all carts when the code opens every cart, and leaves out the expiry when there is none', () => {
    const mail = renderMail('memberCode', 'de', vars({ carts: 'all', expires: null }));
    expect(mail.text).toContain('Carts: alle Carts');
    expect(mail.text).not.toContain('Gültig bis');
  });

  it('falls back to English for a language it does not write', () => {
    expect(renderMail('memberCode', 'fr', vars())).toEqual(renderMail('memberCode', 'en', vars()));
  });
});
