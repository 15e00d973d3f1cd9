import type { DamageReportView } from '@fairway/domain';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/ErrorState';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { useCartDamageReports } from '../api/get-cart-damage-reports';
import { useResolveDamageReport } from '../api/resolve-damage-report';
import { DamageReportItem } from './DamageReportItem';
import { PhotoDialog } from './PhotoDialog';

interface DamageReportsSectionProps {
  siteId: string;
  deviceId: string;
  /** The site's time zone: times are on the club's clock. */
  timeZone?: string;
  /** What the cart's own panel calls its sub-headings ('h3' beside an h2 title). */
  headingComponent?: 'h2' | 'h3';
}

/**
 * A cart's problem reports from guests (issue 23), open ones first: the map's cart sheet and the fleet's
 * cart sidebar show this same section. Kept live by the socket (use-damage-report-alerts.ts refreshes it).
 */
export function DamageReportsSection({
  siteId,
  deviceId,
  timeZone,
  headingComponent = 'h3',
}: DamageReportsSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const reports = useCartDamageReports(siteId, deviceId);
  const resolve = useResolveDamageReport(siteId);
  const [confirming, setConfirming] = useState<DamageReportView | null>(null);
  const [photo, setPhoto] = useState<DamageReportView | null>(null);

  const confirmResolve = () => {
    const report = confirming;
    setConfirming(null);
    if (!report) return;
    resolve.mutate(report._id, {
      onSuccess: () => showToast(t('damageReports.resolved'), 'success'),
      onError: (error) =>
        showToast(
          t('damageReports.resolveFailed', {
            message: error instanceof ApiError ? error.message : t('errors.unknown'),
          }),
          'error',
        ),
    });
  };

  const photoCategory = photo ? t(`damageReports.category.${photo.category}`) : '';
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1} data-testid="damage-reports">
      <Typography id={headingId} component={headingComponent} variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('damageReports.title')}
      </Typography>
      {reports.isPending ? (
        <Stack role="status" aria-label={t('damageReports.loading')}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : reports.isError ? (
        <ErrorState
          error={reports.error}
          onRetry={() => void reports.refetch()}
          title={t('damageReports.loadFailed')}
        />
      ) : reports.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('damageReports.empty')}
        </Typography>
      ) : (
        <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {reports.data.map((report) => (
            <DamageReportItem
              key={report._id}
              report={report}
              timeZone={timeZone}
              resolving={resolve.isPending && resolve.variables === report._id}
              onResolve={setConfirming}
              onOpenPhoto={setPhoto}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('damageReports.resolveTitle')}
        message={t('damageReports.resolveMessage')}
        confirmLabel={t('damageReports.resolve')}
        onConfirm={confirmResolve}
        onCancel={() => setConfirming(null)}
      />
      <PhotoDialog
        url={photo?.photoUrl ?? null}
        title={t('damageReports.photoTitle', { category: photoCategory, number: photo?.carNumber ?? '–' })}
        alt={t('damageReports.photo', { category: photoCategory })}
        onClose={() => setPhoto(null)}
      />
    </Stack>
  );
}
