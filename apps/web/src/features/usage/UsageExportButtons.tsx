import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { currentLocale } from '../../lib/i18n';
import { showToast } from '../../lib/notifications';
import { useDownloadUsageExport, type UsageExportKind } from './api/download-usage-export';
import type { RideUsageParams } from './api/get-ride-usage';

/**
 * Spec §2 / issue 19: the rides of the period as CSV, and the page as a one-page PDF for a club's board, both
 * made by the server in the interface language, of the rounds the page shows (its period, cart and origin).
 */
export function UsageExportButtons({
  siteId,
  params,
  disabled,
}: {
  siteId: string;
  params: RideUsageParams;
  disabled: boolean;
}) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <ExportButton siteId={siteId} kind="csv" params={params} disabled={disabled} />
      <ExportButton siteId={siteId} kind="pdf" params={params} disabled={disabled} />
    </Stack>
  );
}

function ExportButton({
  siteId,
  kind,
  params,
  disabled,
}: {
  siteId: string;
  kind: UsageExportKind;
  params: RideUsageParams;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const download = useDownloadUsageExport(siteId, kind);
  const start = () =>
    download.mutate(
      { ...params, lang: currentLocale() },
      {
        onError: (error) =>
          showToast(
            t('usage.export.failed', {
              file: t(`usage.export.${kind}`),
              message: error instanceof ApiError ? error.message : t('errors.unknown'),
            }),
            'error',
          ),
      },
    );
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={kind === 'csv' ? <TableChartIcon /> : <PictureAsPdfIcon />}
      loading={download.isPending}
      loadingPosition="start"
      disabled={disabled}
      onClick={start}
    >
      {download.isPending ? t('usage.export.preparing') : t(`usage.export.${kind}`)}
    </Button>
  );
}
