import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { addDays } from '@fairway/domain';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { format, isValid, parse } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { dateLocaleFor } from '../../../lib/date-locale';

interface DayNavigatorProps {
  date: string;
  today: string;
  tomorrow: string;
  onDate: (date: string) => void;
  /** the bookings of the day; null while the first answer is awaited */
  count: number | null;
  reservedOnly: boolean;
  onReservedOnly: (value: boolean) => void;
}

const toPicker = (date: string) => parse(date, 'yyyy-MM-dd', new Date(2000, 0, 1));

/**
 * Spec §2: previous/next day, a date picker, Today and Tomorrow (off when shown), the date as a title, the
 * count chip, and the all carts / reserved carts only toggle.
 */
export function DayNavigator({
  date,
  today,
  tomorrow,
  onDate,
  count,
  reservedOnly,
  onReservedOnly,
}: DayNavigatorProps) {
  const { t, i18n } = useTranslation();
  // The weekday and the date in words, as a heading reads them ("Monday 10 June 2030", British in English).
  const title = format(toPicker(date), 'EEEE PPP', { locale: dateLocaleFor(i18n.resolvedLanguage ?? 'en') });
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <IconButton aria-label={t('bookings.day.previous')} onClick={() => onDate(addDays(date, -1))}>
          <ChevronLeftIcon />
        </IconButton>
        <DatePicker
          label={t('bookings.day.pick')}
          value={toPicker(date)}
          onChange={(value) => {
            if (value && isValid(value)) onDate(format(value, 'yyyy-MM-dd'));
          }}
          slotProps={{ textField: { size: 'small', sx: { width: 170 } } }}
        />
        <IconButton aria-label={t('bookings.day.next')} onClick={() => onDate(addDays(date, 1))}>
          <ChevronRightIcon />
        </IconButton>
        <Button variant="outlined" size="small" disabled={date === today} onClick={() => onDate(today)}>
          {t('bookings.day.today')}
        </Button>
        <Button variant="outlined" size="small" disabled={date === tomorrow} onClick={() => onDate(tomorrow)}>
          {t('bookings.day.tomorrow')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography component="h2" variant="h6" sx={{ mr: 1 }} data-testid="bookings-date-title">
          {title}
        </Typography>
        {count !== null && (
          <Chip size="small" label={t('bookings.day.count', { count })} data-testid="bookings-count" />
        )}
        <ToggleButtonGroup
          exclusive
          size="small"
          value={reservedOnly ? 'reserved' : 'all'}
          onChange={(_event, value: 'all' | 'reserved' | null) =>
            value && onReservedOnly(value === 'reserved')
          }
          aria-label={t('bookings.show.label')}
          // On the page's tinted background the unselected label lacks contrast; the group sits on paper.
          sx={{ ml: { sm: 'auto' }, bgcolor: 'background.paper' }}
        >
          <ToggleButton value="all">{t('bookings.show.all')}</ToggleButton>
          <ToggleButton value="reserved">{t('bookings.show.reserved')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
    </Stack>
  );
}
