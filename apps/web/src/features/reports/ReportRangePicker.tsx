import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PickersProvider } from '../../components/PickersProvider';
import { dayToLocalDate, REPORT_PRESETS, type ReportPreset } from './lib/report-range';
import { useRangeChoice } from './use-range-choice';
import { useReportRange } from './use-report-range';

/**
 * The reports' period (spec §2, §9): presets today, 7 days and month, or any first and last day picked
 * below them. The dates always show, so the operator sees which days a preset stands for.
 */
export function ReportRangePicker() {
  const { t } = useTranslation();
  const headingId = useId();
  const range = useReportRange();
  const { preset, choosePreset, chooseDay } = useRangeChoice(range);

  if (!range) {
    return (
      <Stack spacing={1} role="status" aria-busy="true" aria-label={t('reports.range.loading')}>
        <Skeleton variant="rounded" height={32} />
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
      </Stack>
    );
  }

  return (
    <Stack spacing={1.5} role="group" aria-labelledby={headingId}>
      <Typography id={headingId} variant="overline" component="h2" sx={{ color: 'text.secondary' }}>
        {t('reports.range.title')}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={preset}
        onChange={(_event, next: ReportPreset | null) => choosePreset(next)}
        aria-label={t('reports.range.presets.label')}
        // Wraps rather than overflows the drawer where a language's words run long.
        sx={{ display: 'flex', flexWrap: 'wrap', '& .MuiToggleButton-root': { flex: '1 1 auto', px: 0.5 } }}
      >
        {REPORT_PRESETS.map((option) => (
          <ToggleButton key={option} value={option}>
            {t(`reports.range.presets.${option}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <PickersProvider>
        <DatePicker
          label={t('reports.range.from')}
          value={dayToLocalDate(range.from)}
          onChange={(value) => chooseDay('from', value)}
          slotProps={{ textField: { size: 'small', fullWidth: true } }}
        />
        <DatePicker
          label={t('reports.range.to')}
          value={dayToLocalDate(range.to)}
          minDate={dayToLocalDate(range.from)}
          onChange={(value) => chooseDay('to', value)}
          slotProps={{ textField: { size: 'small', fullWidth: true } }}
        />
      </PickersProvider>
    </Stack>
  );
}
