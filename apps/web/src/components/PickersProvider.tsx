import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { csCZ, daDK, deDE, enUS } from '@mui/x-date-pickers/locales';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { datePatternsFor } from '../lib/date-format';
import { dateLocaleFor } from '../lib/date-locale';
import { DEFAULT_LOCALE, isSupportedLocale, type SupportedLocale } from '../lib/locale';

/** The pickers' own texts (toolbar, buttons, screen-reader labels) in the interface language. */
const PICKER_TEXTS: Record<SupportedLocale, typeof enUS> = { en: enUS, de: deDE, da: daDK, cs: csCZ };

/**
 * MUI X date and time pickers in the interface language. Each page with pickers wraps itself in it rather
 * than the app doing so once, so the pickers and the date-fns locales load with those pages, not at start.
 */
export function PickersProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = isSupportedLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
  const patterns = datePatternsFor(locale);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={dateLocaleFor(locale)}
      // The fields show dates exactly as the pages write them (lib/date-format.ts), not date-fns' own style.
      dateFormats={{
        keyboardDate: patterns.date,
        keyboardDateTime24h: patterns.dateTime,
        fullTime24h: patterns.time,
      }}
      localeText={PICKER_TEXTS[locale].components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
