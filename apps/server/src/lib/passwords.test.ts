import { describe, expect, it } from 'vitest';
import { renderMail } from '../modules/mail/templates';
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id at the chosen parameters and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('answers false, never throws, for a hash it cannot read', async () => {
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(needsRehash('not a hash')).toBe(true);
  });

  it('asks for a rehash of hashes made with weaker parameters', async () => {
    const { hash } = await import('@node-rs/argon2');
    expect(needsRehash(await hash('x', { memoryCost: 4096, timeCost: 1 }))).toBe(true);
  });

  it('verifies against nothing with a false answer', async () => {
    expect(await verifyAgainstNothing('anything')).toBe(false);
  });
});

describe('mail templates', () => {
  const link = 'http://localhost:3000/login/register?email=a%40b.org&token=t';

  it('writes each mail in en, de, da and cs with the link, and falls back to English', () => {
    const subjects = new Set<string>();
    for (const lang of ['en', 'de', 'da', 'cs']) {
      const invite = renderMail('invite', lang, { link, days: 14 });
      const reset = renderMail('passwordReset', lang, { link, minutes: 60 });
      expect(invite).toMatchObject({ template: 'invite', lang });
      expect(invite.text.split('\n')).toContain(link);
      expect(invite.text).toContain('14');
      expect(reset.text.split('\n')).toContain(link);
      expect(reset.text).toContain('60');
      subjects.add(invite.subject).add(reset.subject);
    }
    expect(subjects.size).toBe(8);
    expect(renderMail('invite', 'fr', { link, days: 14 })).toEqual(
      renderMail('invite', 'en', { link, days: 14 }),
    );
  });
});
