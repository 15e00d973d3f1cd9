import DateRangeIcon from '@mui/icons-material/DateRange';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRouteHandleValue } from '../../lib/route-handle';
import { formatDayRange } from './lib/report-range';
import { useReportRange } from './use-report-range';

/**
 * The report's title, from its route's metadata (spec §2), and on phones the way into the drawer: a menu
 * button and the period shown, which opens the drawer to change it.
 */
export function ReportsHeader({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t, i18n } = useTranslation();
  const titleKey = useRouteHandleValue('titleKey');
  const range = useReportRange();
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', px: { xs: 2, md: 3 }, pt: { xs: 2, md: 3 } }}
    >
      <Tooltip title={t('reports.openMenu')}>
        <IconButton
          edge="start"
          onClick={onOpenMenu}
          aria-label={t('reports.openMenu')}
          sx={{ display: { md: 'none' } }}
        >
          <MenuOpenIcon />
        </IconButton>
      </Tooltip>
      {/* Never narrower than its words: on a phone the period's button wraps below a long title instead of
          covering it (Czech "Využití" beside "13. 10. 2026 – 26. 11. 2026"). */}
      <Typography component="h1" variant="h5" sx={{ flex: '1 1 auto' }}>
        {titleKey ? t(titleKey) : t('nav.reports')}
      </Typography>
      {range && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<DateRangeIcon />}
          onClick={onOpenMenu}
          aria-label={t('reports.range.change', {
            period: formatDayRange(range, i18n.resolvedLanguage),
          })}
          sx={{ display: { md: 'none' } }}
        >
          {formatDayRange(range, i18n.resolvedLanguage)}
        </Button>
      )}
    </Stack>
  );
}
