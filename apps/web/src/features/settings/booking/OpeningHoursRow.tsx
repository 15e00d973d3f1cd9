import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { END_OF_DAY, TIME_STEP_MINUTES } from '@fairway/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayDraft, DayProblem, DayProblems, OpenDayDraft } from './opening-hours-draft';
import { VISUALLY_HIDDEN } from '../../../lib/visually-hidden';

interface OpeningHoursRowProps {
  dayName: string;
  draft: DayDraft;
  problems: DayProblems;
  editable: boolean;
  onToggle: (open: boolean) => void;
  onChange: (draft: OpenDayDraft) => void;
}

/**
 * A short visible label ('Opens') that screen readers and tests hear with its day ('Monday opens'): seven
 * rows of identical names would be impossible to tell apart.
 */
function RowLabel({ visible, spoken }: { visible: string; spoken: string }): ReactNode {
  return (
    <>
      <span aria-hidden>{visible}</span>
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {spoken}
      </Box>
    </>
  );
}

/** The earliest closing the picker offers: one step after opening. */
const minCloseFor = (open: Date | null): Date | undefined =>
  open && !Number.isNaN(open.getTime()) ? new Date(open.getTime() + TIME_STEP_MINUTES * 60_000) : undefined;

/** One weekday: open switch, opening and closing time (24-hour, 5-minute steps), or 'Closed'. */
export function OpeningHoursRow({
  dayName,
  draft,
  problems,
  editable,
  onToggle,
  onChange,
}: OpeningHoursRowProps) {
  const { t } = useTranslation();
  const problemText = (problem: DayProblem | undefined) =>
    problem ? t(`booking.openingHours.problems.${problem}`) : ' ';
  const pickerProps = {
    ampm: false,
    format: 'HH:mm',
    views: ['hours', 'minutes'] as const,
    timeSteps: { minutes: TIME_STEP_MINUTES },
    readOnly: !editable,
  };

  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '180px 1fr 1fr' },
        columnGap: 2,
        rowGap: 1,
        alignItems: 'start',
        py: 1.5,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 40 }}>
        <Switch
          checked={draft !== null}
          disabled={!editable}
          onChange={(event) => onToggle(event.target.checked)}
          slotProps={{ input: { 'aria-label': t('booking.openingHours.dayOpen', { day: dayName }) } }}
        />
        <Box>
          <Typography sx={{ fontWeight: 500 }}>{dayName}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {draft ? t('booking.openingHours.open') : t('booking.openingHours.closed')}
          </Typography>
        </Box>
      </Stack>
      {draft && (
        <>
          <TimePicker
            {...pickerProps}
            label={
              <RowLabel
                visible={t('booking.openingHours.opens')}
                spoken={t('booking.openingHours.dayOpens', { day: dayName })}
              />
            }
            value={draft.open}
            onChange={(open) => onChange({ ...draft, open })}
            slotProps={{
              textField: {
                size: 'small',
                fullWidth: true,
                error: problems.open !== undefined,
                helperText: problemText(problems.open),
              },
            }}
          />
          <Stack>
            {draft.untilEndOfDay ? (
              <TextField
                size="small"
                fullWidth
                label={
                  <RowLabel
                    visible={t('booking.openingHours.closes')}
                    spoken={t('booking.openingHours.dayCloses', { day: dayName })}
                  />
                }
                value={END_OF_DAY}
                slotProps={{ htmlInput: { readOnly: true } }}
                helperText={problemText(problems.close)}
                error={problems.close !== undefined}
              />
            ) : (
              <TimePicker
                {...pickerProps}
                label={
                  <RowLabel
                    visible={t('booking.openingHours.closes')}
                    spoken={t('booking.openingHours.dayCloses', { day: dayName })}
                  />
                }
                value={draft.close}
                minTime={minCloseFor(draft.open)}
                onChange={(close) => onChange({ ...draft, close })}
                slotProps={{
                  textField: {
                    size: 'small',
                    fullWidth: true,
                    error: problems.close !== undefined,
                    helperText: problemText(problems.close),
                  },
                }}
              />
            )}
            <FormControlLabel
              label={t('booking.openingHours.untilEndOfDay')}
              disabled={!editable}
              control={
                <Checkbox
                  size="small"
                  checked={draft.untilEndOfDay}
                  onChange={(event) => onChange({ ...draft, untilEndOfDay: event.target.checked })}
                  slotProps={{
                    input: {
                      'aria-label': t('booking.openingHours.dayUntilEndOfDay', { day: dayName }),
                    },
                  }}
                />
              }
            />
          </Stack>
        </>
      )}
    </Box>
  );
}
