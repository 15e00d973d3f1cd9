import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Skeleton from '@mui/material/Skeleton';
import { DATE_RANGE_PRESETS, type SiteView } from '@fairway/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayRange } from '../../../../lib/calendar-days';
import type { DashboardPresetChoice, DashboardRange } from '../use-dashboard-range';

// The date pickers and their date-fns locales load when Custom is first chosen, not with the dashboard.
const CustomRangeFields = lazy(() => import('./CustomRangeFields'));

/** The value of "All Sites" in the select (a site id is a uuid, so it cannot clash). */
const ALL_SITES = 'all';

interface DashboardToolbarProps {
  sites: readonly SiteView[];
  site: SiteView | null;
  onSiteChange: (siteId: string | null) => void;
  range: DashboardRange;
}

/**
 * "Viewing" (All Sites or one) and the period (spec §2 Admin area): a preset, or Custom with a first and a
 * last day. The days a preset stands for are written under it, in the zone they are counted in.
 */
export function DashboardToolbar({ sites, site, onSiteChange, range }: DashboardToolbarProps) {
  const { t, i18n } = useTranslation();
  const fieldWidth = { xs: '100%', sm: 240 };
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <TextField
        select
        size="small"
        label={t('adminDashboard.viewing.label')}
        value={site?._id ?? ALL_SITES}
        onChange={(event) => onSiteChange(event.target.value === ALL_SITES ? null : event.target.value)}
        sx={{ width: fieldWidth }}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } } }}
        data-testid="dashboard-viewing"
      >
        <MenuItem value={ALL_SITES}>{t('adminDashboard.viewing.all')}</MenuItem>
        {sites.map((option) => (
          <MenuItem key={option._id} value={option._id}>
            {option.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('adminDashboard.range.label')}
        value={range.preset}
        onChange={(event) => range.choosePreset(event.target.value as DashboardPresetChoice)}
        helperText={t('adminDashboard.range.days', {
          days: formatDayRange(range.days, i18n.resolvedLanguage),
          zone: range.timeZone,
        })}
        sx={{ width: fieldWidth }}
        data-testid="dashboard-range"
      >
        {[...DATE_RANGE_PRESETS, 'custom' as const].map((preset) => (
          <MenuItem key={preset} value={preset}>
            {t(`adminDashboard.range.presets.${preset}`)}
          </MenuItem>
        ))}
      </TextField>
      {range.preset === 'custom' && (
        <Suspense fallback={<Skeleton variant="rounded" width={376} height={40} />}>
          <CustomRangeFields range={range} />
        </Suspense>
      )}
    </Stack>
  );
}
