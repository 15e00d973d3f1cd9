import type { Locale } from 'date-fns';
import { cs } from 'date-fns/locale/cs';
import { da } from 'date-fns/locale/da';
import { de } from 'date-fns/locale/de';
import { enUS } from 'date-fns/locale/en-US';
import { DEFAULT_LOCALE, isSupportedLocale, type SupportedLocale } from './locale';

// Separate from locale.ts so the date-fns locales load with the pages that format dates, not at start.
const DATE_LOCALES: Record<SupportedLocale, Locale> = { en: enUS, de, da, cs };

/** The date-fns locale for formatting dates in the interface language. */
export const dateLocaleFor = (locale: string): Locale =>
  isSupportedLocale(locale) ? DATE_LOCALES[locale] : DATE_LOCALES[DEFAULT_LOCALE];
