import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** A cart's open problem reports in the fleet list: nothing when none are open. */
export function OpenReportsBadge({ count }: { count: number }) {
  const { t, i18n } = useTranslation();
  if (count === 0) return null;
  const label = t('damageReports.badge', {
    count: new Intl.NumberFormat(i18n.resolvedLanguage).format(count),
  });
  return (
    <Tooltip title={label}>
      <Chip
        size="small"
        color="warning"
        icon={<ReportProblemIcon />}
        label={new Intl.NumberFormat(i18n.resolvedLanguage).format(count)}
        role="img"
        aria-label={label}
        data-testid="open-reports-badge"
      />
    </Tooltip>
  );
}
