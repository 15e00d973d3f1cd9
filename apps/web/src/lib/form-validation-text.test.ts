import { userGroupBody } from '@fairway/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { zodFormResolver } from './form-validation';
import { i18n } from './i18n';

const resolverOptions = { fields: {}, shouldUseNativeValidation: false } as const;

/** The domain's text rule (no NUL, no control characters, no lone surrogates) speaks every language. */
describe('a form field with a character the text rule refuses', () => {
  const form = zodFormResolver(userGroupBody);
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'Contains characters that are not allowed'],
    ['de', 'Enthält Zeichen, die nicht erlaubt sind'],
    ['da', 'Indeholder tegn, der ikke er tilladt'],
    ['cs', 'Obsahuje nepovolené znaky'],
  ])('says so in %s', async (lang, message) => {
    await i18n.changeLanguage(lang);
    for (const name of ['Juniors\u0000', 'Tab\there', 'Half \ud800 pair']) {
      const result = await form({ name }, undefined, resolverOptions);
      expect(result.errors.name?.message, JSON.stringify(name)).toBe(message);
    }
  });
});
