import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { newTimeRow, weekdayNames } from '../lib/available-times';
import type { ServiceFormValues } from '../lib/service-form';
import { AvailableTimeRow } from './AvailableTimeRow';

/**
 * When a price applies: a row per weekday (each day once) with start and end, or no rows for every day,
 * all day (spec §3 Price). 'Add time' takes the first day without a row, 06:00–19:00.
 */
export function AvailableTimesEditor({ priceIndex }: { priceIndex: number }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const { control } = useFormContext<ServiceFormValues>();
  const name = `prices.${priceIndex}.availableTimes` as const;
  const { fields, append, remove } = useFieldArray({ control, name });
  const rows = useWatch({ control, name });
  const next = newTimeRow(rows);
  const dayNames = weekdayNames(i18n.resolvedLanguage);

  return (
    <Box role="group" aria-labelledby={headingId}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={headingId} variant="subtitle2" component="h5">
          {t('services.times.heading')}
        </Typography>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={next === null}
          title={next === null ? t('services.times.allDaysUsed') : undefined}
          onClick={() => next && append(next, { shouldFocus: false })}
        >
          {t('services.times.add')}
        </Button>
      </Stack>
      {fields.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('services.times.none')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {fields.map((field, rowIndex) => (
            <AvailableTimeRow
              key={field.id}
              priceIndex={priceIndex}
              rowIndex={rowIndex}
              dayNames={dayNames}
              daysTaken={new Set(rows.filter((_, other) => other !== rowIndex).map((row) => row.day))}
              onRemove={() => remove(rowIndex)}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
