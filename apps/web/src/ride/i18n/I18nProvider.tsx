import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { detectLocale, type SupportedLocale } from '../../lib/locale';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { rideMessages } from '../locales';
import { createTranslator, type Translate } from './translator';

/** The guest menu's order (cs, da, de, en) with each language's own name. */
export const RIDE_LOCALES: readonly { locale: SupportedLocale; name: string }[] = [
  { locale: 'cs', name: 'Čeština' },
  { locale: 'da', name: 'Dansk' },
  { locale: 'de', name: 'Deutsch' },
  { locale: 'en', name: 'English' },
];

interface I18nValue {
  locale: SupportedLocale;
  t: Translate;
  setLocale: (locale: SupportedLocale) => void;
}

const I18nContext = createContext<I18nValue | null>(null);

/**
 * The phone's language (or the one chosen before, stored under the operator app's key so both apps agree),
 * else English (spec §1).
 */
export const initialRideLocale = (): SupportedLocale =>
  detectLocale(
    readStorage(STORAGE_KEYS.locale),
    typeof navigator === 'undefined' ? undefined : navigator.language,
  );

function applyDocumentLanguage(locale: SupportedLocale): void {
  document.documentElement.lang = locale;
}

export function I18nProvider({
  children,
  locale: forced,
}: {
  children: ReactNode;
  locale?: SupportedLocale;
}) {
  const [locale, setLocaleState] = useState<SupportedLocale>(() => forced ?? initialRideLocale());
  const setLocale = useCallback((next: SupportedLocale) => {
    writeStorage(STORAGE_KEYS.locale, next);
    setLocaleState(next);
  }, []);
  useEffect(() => applyDocumentLanguage(locale), [locale]);
  const value = useMemo(
    () => ({ locale, setLocale, t: createTranslator(rideMessages[locale], rideMessages.en) }),
    [locale, setLocale],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}

/** A namespace's messages in the four languages (a lazily loaded page's own texts). */
export type Namespace<M> = Record<SupportedLocale, unknown> & { en: M };

/**
 * The translate function of a namespace that a later page brings along (the portal's, the booking page's),
 * so their texts load with their code and not in the entry every guest downloads.
 */
export function useNamespace<M>(messages: Namespace<M>): Translate<M> {
  const { locale } = useI18n();
  return useMemo(() => createTranslator(messages[locale], messages.en), [messages, locale]);
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
