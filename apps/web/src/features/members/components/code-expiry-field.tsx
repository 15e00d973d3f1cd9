import { expiryBounds } from '@fairway/domain';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { useTranslation } from 'react-i18next';
import { PickersProvider } from '../../../components/PickersProvider';

/** Spec §5: dd.MM.yyyy and a 24-hour clock, whatever the language. */
const EXPIRY_FORMAT = 'dd.MM.yyyy HH:mm';

interface CodeExpiryFieldProps {
  expires: Date | null;
  /** The operator set an expiry that has already passed. */
  inPast: boolean;
  now: Date;
  onToggle: (on: boolean) => void;
  onChange: (expires: Date | null) => void;
  /** The picker holds a partly typed, unreadable date. */
  onUnreadableChange: (unreadable: boolean) => void;
}

/** Expires switch and the date-time picker: earliest today, whole minutes, 24-hour (spec §5 Code). */
export function CodeExpiryField({
  expires,
  inPast,
  now,
  onToggle,
  onChange,
  onUnreadableChange,
}: CodeExpiryFieldProps) {
  const { t } = useTranslation();
  const { today } = expiryBounds(now);
  return (
    <Stack spacing={1}>
      <FormControlLabel
        label={t('memberCodes.code.expires')}
        control={<Switch checked={expires !== null} onChange={(event) => onToggle(event.target.checked)} />}
      />
      {expires !== null && (
        <PickersProvider>
          <DateTimePicker
            label={t('memberCodes.code.expiresAt')}
            value={expires}
            onChange={(value) => onChange(value)}
            // Past days and, today, past times are greyed out; the minute is the finest step.
            minDate={today}
            disablePast
            ampm={false}
            format={EXPIRY_FORMAT}
            views={['year', 'month', 'day', 'hours', 'minutes']}
            onError={(error) => onUnreadableChange(error === 'invalidDate')}
            slotProps={{
              textField: {
                fullWidth: true,
                error: inPast,
                helperText: inPast ? t('memberCodes.code.expiryPast') : ' ',
              },
            }}
          />
        </PickersProvider>
      )}
    </Stack>
  );
}
