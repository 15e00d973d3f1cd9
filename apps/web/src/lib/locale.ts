/** Interface languages (spec §1); English is the default and the fallback for missing keys. */
export const SUPPORTED_LOCALES = ['en', 'de', 'da', 'cs'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: SupportedLocale = 'en';

export const isSupportedLocale = (value: unknown): value is SupportedLocale =>
  typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);

/**
 * Spec §1: the stored locale is used, else the first two letters of the browser language when the app
 * speaks it, else English.
 */
export function detectLocale(stored: string | null, browserLanguage: string | undefined): SupportedLocale {
  if (isSupportedLocale(stored)) return stored;
  const prefix = browserLanguage?.slice(0, 2).toLowerCase();
  if (isSupportedLocale(prefix)) return prefix;
  return DEFAULT_LOCALE;
}
