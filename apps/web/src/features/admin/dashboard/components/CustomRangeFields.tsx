import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useTranslation } from 'react-i18next';
import { PickersProvider } from '../../../../components/PickersProvider';
import { dayToLocalDate } from '../../../../lib/calendar-days';
import type { DashboardRange } from '../use-dashboard-range';

/** A custom period's first and last day (calendars start on Monday: the date-fns locales of every language). */
export default function CustomRangeFields({ range }: { range: DashboardRange }) {
  const { t } = useTranslation();
  const width = { xs: '100%', sm: 180 };
  return (
    <PickersProvider>
      <DatePicker
        label={t('adminDashboard.range.from')}
        value={dayToLocalDate(range.days.from)}
        onChange={(value) => range.chooseDay('from', value)}
        slotProps={{ textField: { size: 'small', sx: { width } } }}
      />
      <DatePicker
        label={t('adminDashboard.range.to')}
        value={dayToLocalDate(range.days.to)}
        minDate={dayToLocalDate(range.days.from)}
        onChange={(value) => range.chooseDay('to', value)}
        slotProps={{ textField: { size: 'small', sx: { width } } }}
      />
    </PickersProvider>
  );
}
