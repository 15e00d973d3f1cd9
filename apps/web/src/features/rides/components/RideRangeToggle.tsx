import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useTranslation } from 'react-i18next';
import { PickersProvider } from '../../../components/PickersProvider';
import {
  dayToLocalDate,
  REPORT_PRESETS,
  type ReportPreset,
  useRangeChoice,
  type ReportRange,
} from '../../reports';

/**
 * Spec §2 Rides: Today / 7 days / Month / Custom. The period is the reports' (whole days of the site, in the
 * address as `start` and `end`), so a reload or a shared link shows the same rides; Custom opens the
 * from–to pickers.
 */
export function RideRangeToggle({ range }: { range: ReportRange }) {
  const { t } = useTranslation();
  const { preset, choosePreset, chooseDay } = useRangeChoice(range);

  return (
    <Stack spacing={1.5}>
      <ToggleButtonGroup
        size="small"
        exclusive
        fullWidth
        value={preset}
        onChange={(_event, next: ReportPreset | null) => choosePreset(next)}
        aria-label={t('rides.range.label')}
        sx={{ '& .MuiToggleButton-root': { px: 0.5, minHeight: 36 } }}
      >
        {REPORT_PRESETS.map((option) => (
          <ToggleButton key={option} value={option} data-testid={`rides-range-${option}`}>
            {t(`rides.range.presets.${option}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {preset === 'custom' && (
        <PickersProvider>
          <Stack direction="row" spacing={1}>
            <DatePicker
              label={t('rides.range.from')}
              value={dayToLocalDate(range.from)}
              maxDate={dayToLocalDate(range.today)}
              onChange={(value) => chooseDay('from', value)}
              slotProps={{ textField: { size: 'small', fullWidth: true } }}
            />
            <DatePicker
              label={t('rides.range.to')}
              value={dayToLocalDate(range.to)}
              minDate={dayToLocalDate(range.from)}
              onChange={(value) => chooseDay('to', value)}
              slotProps={{ textField: { size: 'small', fullWidth: true } }}
            />
          </Stack>
        </PickersProvider>
      )}
    </Stack>
  );
}
