import type { SiteView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { formatTimeOfDay } from '../../../lib/date-format';

/** lockFrom '00:00' means the site has no scheduled lock (spec §3). */
const NO_SCHEDULED_LOCK = '00:00';

/** Spec §2 Fleet: the banner with the scheduled lock time (in the site's time zone) and the master code. */
export function LockScheduleBanner({
  site,
}: {
  site: Pick<SiteView, 'lockFrom' | 'masterUnlock' | 'timezone'>;
}) {
  const { t, i18n } = useTranslation();
  const scheduled = site.lockFrom !== NO_SCHEDULED_LOCK;
  if (!scheduled && !site.masterUnlock) return null;

  // The time is the site's wall-clock time; only its notation follows the operator's language.
  const time = formatTimeOfDay(site.lockFrom, i18n.resolvedLanguage);
  return (
    <Alert severity="info" data-testid="fleet-lock-banner">
      {scheduled && <div>{t('fleet.banner.scheduledLock', { time, timezone: site.timezone })}</div>}
      {site.masterUnlock && <div>{t('fleet.banner.masterCode', { code: site.masterUnlock })}</div>}
    </Alert>
  );
}
