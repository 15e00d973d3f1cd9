import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import { isSupportedLocale } from '../../lib/locale';
import { RIDE_LOCALES, useI18n } from '../i18n/I18nProvider';

/**
 * cs, da, de, en, each in its own language; the choice is remembered and wins over the phone's language.
 * A native select: the phone's own picker, and none of MUI's menu machinery in the first visit's budget.
 */
export function LanguageMenu() {
  const { t, locale, setLocale } = useI18n();
  return (
    <Box
      sx={{
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        color: 'text.primary',
        minHeight: 44,
        '&:focus-within': {
          outline: (theme) => `3px solid ${theme.palette.primary.dark}`,
          outlineOffset: 2,
          borderRadius: 1,
        },
      }}
    >
      <TranslateIcon aria-hidden />
      <Box
        component="select"
        aria-label={t('app.language')}
        value={locale}
        onChange={(event) => {
          const next = (event.target as HTMLSelectElement).value;
          if (isSupportedLocale(next)) setLocale(next);
        }}
        sx={{
          appearance: 'none',
          border: 0,
          bgcolor: 'transparent',
          color: 'inherit',
          font: 'inherit',
          fontWeight: 600,
          minHeight: 44,
          pl: 0.5,
          pr: 1,
          cursor: 'pointer',
          '&:focus-visible': { outline: 'none' },
        }}
      >
        {RIDE_LOCALES.map((option) => (
          <option key={option.locale} value={option.locale} lang={option.locale}>
            {option.name}
          </option>
        ))}
      </Box>
    </Box>
  );
}
