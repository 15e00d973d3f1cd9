import BuildIcon from '@mui/icons-material/Build';
import type { DamageReportView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-format';

const THUMBNAIL = 64;

interface DamageReportItemProps {
  report: DamageReportView;
  /** The site's time zone: times are on the club's clock. */
  timeZone?: string;
  resolving: boolean;
  onResolve: (report: DamageReportView) => void;
  onOpenPhoto: (report: DamageReportView) => void;
}

/** One report: its photo as a thumbnail, what and when, and Resolve while it is open. */
export function DamageReportItem({
  report,
  timeZone,
  resolving,
  onResolve,
  onOpenPhoto,
}: DamageReportItemProps) {
  const { t, i18n } = useTranslation();
  const category = t(`damageReports.category.${report.category}`);
  const open = report.status === 'open';
  const when = (iso: string) => formatDateTime(iso, i18n.resolvedLanguage, timeZone);
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      data-testid="damage-report"
      sx={{ py: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
    >
      {report.photoUrl && (
        <ButtonBase
          onClick={() => onOpenPhoto(report)}
          aria-label={t('damageReports.openPhoto', { category })}
          sx={{ flexShrink: 0, borderRadius: 1, overflow: 'hidden', alignSelf: 'flex-start' }}
        >
          <Box
            component="img"
            src={report.photoUrl}
            alt=""
            loading="lazy"
            sx={{ width: THUMBNAIL, height: THUMBNAIL, objectFit: 'cover', display: 'block' }}
          />
        </ButtonBase>
      )}
      <Stack spacing={0.75} sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {category}
          </Typography>
          <Chip
            size="small"
            label={t(`damageReports.status.${report.status}`)}
            color={open ? 'warning' : 'default'}
            variant={open ? 'filled' : 'outlined'}
          />
          {open && report.blockId && (
            <Chip
              size="small"
              variant="outlined"
              color="warning"
              icon={<BuildIcon />}
              label={t('damageReports.blocksCart')}
            />
          )}
        </Stack>
        <Typography
          variant="body2"
          color={report.description ? 'text.primary' : 'text.secondary'}
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {report.description || t('damageReports.noDescription')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('damageReports.reported', { time: when(report.createdAt) })}
          {report.resolvedAt &&
            ` · ${
              report.resolvedBy
                ? t('damageReports.resolvedBy', { time: when(report.resolvedAt), by: report.resolvedBy })
                : t('damageReports.resolvedAt', { time: when(report.resolvedAt) })
            }`}
        </Typography>
        {open && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => onResolve(report)}
            disabled={resolving}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('damageReports.resolve')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
