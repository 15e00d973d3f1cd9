import type { Locale } from 'date-fns';
import { cs } from 'date-fns/locale/cs';
import { da } from 'date-fns/locale/da';
import { de } from 'date-fns/locale/de';
import { enGB } from 'date-fns/locale/en-GB';
import { DEFAULT_LOCALE, isSupportedLocale, type SupportedLocale } from './locale';

// Separate from locale.ts so the date-fns locales load with the pages that format dates, not at start.
// English is British English: day first and a 24-hour clock, the style of lib/date-format.ts.
const DATE_LOCALES: Record<SupportedLocale, Locale> = { en: enGB, de, da, cs };

/** The date-fns locale for formatting dates in the interface language. */
export const dateLocaleFor = (locale: string): Locale =>
  isSupportedLocale(locale) ? DATE_LOCALES[locale] : DATE_LOCALES[DEFAULT_LOCALE];
