import { SERVICE_LIMITS } from '@fairway/domain';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { useState } from 'react';
import { dateToTime, timeToDate } from '../lib/available-times';

interface TimeOfDayPickerProps {
  label: string;
  /** 'HH:mm', or '' for none */
  value: string;
  onChange: (time: string) => void;
  onBlur?: () => void;
  error?: string;
}

/**
 * A 24-hour time in 5-minute steps (spec §9) that reads and writes 'HH:mm'. A half-typed time is kept in
 * the picker (the form holds '' meanwhile), so the field does not wipe what the operator is typing.
 */
export function TimeOfDayPicker({ label, value, onChange, onBlur, error }: TimeOfDayPickerProps) {
  const [draft, setDraft] = useState<Date | null>(null);
  return (
    <TimePicker
      label={label}
      value={timeToDate(value) ?? draft}
      onChange={(next) => {
        const time = dateToTime(next);
        setDraft(time === '' ? next : null);
        onChange(time);
      }}
      ampm={false}
      format="HH:mm"
      views={['hours', 'minutes']}
      minutesStep={SERVICE_LIMITS.timeStepMinutes}
      timeSteps={{ minutes: SERVICE_LIMITS.timeStepMinutes }}
      slotProps={{
        textField: { size: 'small', fullWidth: true, onBlur, error: error !== undefined, helperText: error },
      }}
    />
  );
}
