import type { ParseKeys } from 'i18next';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { translations } from '../locales';
import { DEFAULT_LOCALE, detectLocale, isSupportedLocale, type SupportedLocale } from './locale';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** Typed keys: a `t('...')` with a key that is not in en.json fails the type check. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: (typeof translations)['en'] };
  }
}

const initialLocale = detectLocale(
  readStorage(STORAGE_KEYS.locale),
  typeof navigator === 'undefined' ? undefined : navigator.language,
);

// The four bundles are small, so they ship with the app and the first render is already translated.
void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: translations.en },
    de: { translation: translations.de },
    da: { translation: translations.da },
    cs: { translation: translations.cs },
  },
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ['en', 'de', 'da', 'cs'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

function applyDocumentLanguage(locale: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyDocumentLanguage(initialLocale);

/** Switches the interface language and remembers the choice for the next visit. */
export async function changeLocale(locale: SupportedLocale): Promise<void> {
  writeStorage(STORAGE_KEYS.locale, locale);
  await i18n.changeLanguage(locale);
  applyDocumentLanguage(locale);
}

export const currentLocale = (): SupportedLocale =>
  isSupportedLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;

export { i18n };

/** Any key of the English bundle, for places that pass keys around (route titles, error maps). */
export type TranslationKey = ParseKeys;
