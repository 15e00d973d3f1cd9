import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import { hasRole } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { useSelectedSiteId } from '../../../lib/selected-site';
import { useCurrentRole } from '../../auth';
import { useSite } from '../../sites';
import { GeneralSettingsSkeleton } from './components/GeneralSettingsSkeleton';
import { GbfsFeedCard } from '../gbfs/GbfsFeedCard';
import { GeneralSettingsForm } from './GeneralSettingsForm';
import { PublishSettingsBar } from './PublishSettingsBar';

/**
 * /settings/general (spec §2 Settings): language, WiFi, lock, device, dashboard and master code of the
 * selected site. Only admins change them (PATCH /sites needs admin); other roles see them read-only.
 */
export function GeneralSettingsPage() {
  const { t } = useTranslation();
  const siteId = useSelectedSiteId();
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 3 }}>
        {t('pages.settingsGeneral')}
      </Typography>
      {siteId ? (
        // Keyed by site: a form filled for one site is never saved to another.
        <SiteGeneralSettings key={siteId} siteId={siteId} />
      ) : (
        <EmptyState
          icon={<WrongLocationIcon />}
          title={t('site.noneTitle')}
          description={t('site.noneHint')}
        />
      )}
    </Container>
  );
}

function SiteGeneralSettings({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const site = useSite(siteId);
  const readOnly = !hasRole(useCurrentRole(), 'admin');

  if (site.isPending) return <GeneralSettingsSkeleton />;
  if (site.isError) {
    return (
      <ErrorState
        error={site.error}
        onRetry={() => void site.refetch()}
        title={t('settings.general.loadFailed')}
      />
    );
  }
  return (
    <Stack spacing={3}>
      <PublishSettingsBar site={site.data} />
      {readOnly && <Alert severity="info">{t('settings.general.readOnly')}</Alert>}
      <GeneralSettingsForm site={site.data} readOnly={readOnly} />
      {/* Saved on its own by its switch, so it sits outside the form and its Save. */}
      <GbfsFeedCard site={site.data} readOnly={readOnly} />
    </Stack>
  );
}
