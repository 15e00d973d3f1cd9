import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { END_OF_DAY } from '@fairway/domain';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { endAfterEndOfDay, isEndOfDay, WEEK_ORDER } from '../lib/available-times';
import type { ServiceFormValues } from '../lib/service-form';
import { useServiceFormContext } from './service-form-context';
import { TimeOfDayPicker } from './TimeOfDayPicker';

interface AvailableTimeRowProps {
  priceIndex: number;
  rowIndex: number;
  /** Weekday names by day number (0 = Sunday), in the interface language. */
  dayNames: readonly string[];
  /** Days other rows of this price use: each day once (spec §5), so they are not offered here. */
  daysTaken: ReadonlySet<number>;
  onRemove: () => void;
}

/** One weekday of a price's schedule: the day, start and end; the end may be the end of the day (24:00). */
export function AvailableTimeRow({
  priceIndex,
  rowIndex,
  dayNames,
  daysTaken,
  onRemove,
}: AvailableTimeRowProps) {
  const { t } = useTranslation();
  const { control, setValue, getValues } = useFormContext<ServiceFormValues>();
  const { errorAt } = useServiceFormContext();
  const path = `prices.${priceIndex}.availableTimes.${rowIndex}` as const;
  const day = useWatch({ control, name: `${path}.day` });
  const end = useWatch({ control, name: `${path}.end` });
  const dayName = dayNames[day] ?? '';

  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: '160px 130px 130px auto 40px' },
        gap: 1.5,
        alignItems: 'start',
      }}
    >
      <Controller
        control={control}
        name={`${path}.day`}
        render={({ field }) => (
          <TextField
            select
            size="small"
            label={t('services.times.day')}
            value={field.value}
            onChange={(event) => field.onChange(Number(event.target.value))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errorAt(`${path}.day`) !== undefined}
            helperText={errorAt(`${path}.day`)}
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
          >
            {WEEK_ORDER.map((option) => (
              <MenuItem
                key={option}
                value={option}
                disabled={option !== field.value && daysTaken.has(option)}
              >
                {dayNames[option]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name={`${path}.start`}
        render={({ field }) => (
          <TimeOfDayPicker
            label={t('services.times.start')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errorAt(`${path}.start`)}
          />
        )}
      />
      {isEndOfDay(end) ? (
        <TextField
          size="small"
          label={t('services.times.end')}
          value={END_OF_DAY}
          slotProps={{ htmlInput: { readOnly: true } }}
          error={errorAt(`${path}.end`) !== undefined}
          helperText={errorAt(`${path}.end`)}
        />
      ) : (
        <Controller
          control={control}
          name={`${path}.end`}
          render={({ field }) => (
            <TimeOfDayPicker
              label={t('services.times.end')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errorAt(`${path}.end`)}
            />
          )}
        />
      )}
      <Stack direction="row" sx={{ alignItems: 'center', minHeight: 40 }}>
        <FormControlLabel
          label={t('services.times.endOfDay')}
          control={
            <Checkbox
              size="small"
              checked={isEndOfDay(end)}
              onChange={(event) =>
                setValue(
                  `${path}.end`,
                  event.target.checked ? END_OF_DAY : endAfterEndOfDay(getValues(`${path}.start`)),
                  { shouldDirty: true, shouldTouch: true },
                )
              }
            />
          }
        />
      </Stack>
      <Tooltip title={t('services.times.remove', { day: dayName })}>
        <IconButton aria-label={t('services.times.remove', { day: dayName })} onClick={onRemove}>
          <DeleteOutlineIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
