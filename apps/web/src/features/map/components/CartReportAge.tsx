import { useTranslation } from 'react-i18next';
import { dateLocaleFor } from '../../../lib/date-locale';
import { useNow } from '../../../lib/use-now';
import { formatUptime, reportAge } from '../lib/report-age';

/** The sheet's clocks tick every second: an operator watching a cart sees its reports arrive. */
const TICK_MS = 1_000;

/** 'Last update': how long ago the cart reported, ticking. */
export function LastReportAge({ timeUTC }: { timeUTC: string | null }) {
  const { t, i18n } = useTranslation();
  const now = useNow(TICK_MS);
  const age = reportAge(timeUTC, now, dateLocaleFor(i18n.resolvedLanguage ?? 'en'));
  return <>{age ? age.text : t('map.neverReported')}</>;
}

/** Admin 'Ping': the last report's age and how long the tracker had been running then. */
export function PingSummary({ timeUTC, uptime }: { timeUTC: string | null; uptime: number | null }) {
  const { t, i18n } = useTranslation();
  const now = useNow(TICK_MS);
  const locale = dateLocaleFor(i18n.resolvedLanguage ?? 'en');
  const age = reportAge(timeUTC, now, locale);
  if (!age) return <>{t('map.neverReported')}</>;
  if (uptime === null) return <>{age.text}</>;
  return <>{t('map.sheet.pingValue', { age: age.text, uptime: formatUptime(uptime, locale) })}</>;
}
