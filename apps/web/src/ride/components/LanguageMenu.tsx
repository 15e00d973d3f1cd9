import { isSupportedLocale } from '../../lib/locale';
import { RIDE_LOCALES, useI18n } from '../i18n/I18nProvider';
import { Icon } from '../ui/icons';

/**
 * cs, da, de, en, each in its own language; the choice is remembered and wins over the phone's language.
 * A native select: the phone's own picker, and none of MUI's menu machinery in the first visit's budget.
 */
export function LanguageMenu() {
  const { t, locale, setLocale } = useI18n();
  return (
    <div className="rd-language">
      <Icon name="translate" />
      <select
        aria-label={t('app.language')}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (isSupportedLocale(next)) setLocale(next);
        }}
      >
        {RIDE_LOCALES.map((option) => (
          <option key={option.locale} value={option.locale} lang={option.locale}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
