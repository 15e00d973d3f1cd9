import { SITE_LIMITS, type SiteView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/notifications';
import { useUpdateSite } from '../../sites';
import { siteSaveErrorMessage } from './site-save-error';

/** Labelled marks every half hour; the thumb still moves in 5-minute steps between them. */
const MARK_EVERY_MINUTES = 30;

/**
 * The minute settings of bookings this card edits: the unlock offset (spec §9, 0–120) and the turnaround a
 * cart keeps after each booking for cleaning and charging (issue 17, 0–120); both in 5-minute steps.
 */
const MINUTE_SETTINGS = {
  bookingOffset: { max: SITE_LIMITS.bookingOffsetMax, texts: 'offset' },
  bookingTurnaround: { max: SITE_LIMITS.bookingTurnaroundMax, texts: 'turnaround' },
} as const;

/** The nearest allowed value: the server refuses anything off the 5-minute steps or out of range. */
const toStep = (value: number, max: number): number =>
  Math.min(
    max,
    Math.max(0, Math.round(value / SITE_LIMITS.bookingOffsetStep) * SITE_LIMITS.bookingOffsetStep),
  );

interface BookingOffsetCardProps {
  site: SiteView;
  editable: boolean;
  /** Which setting the card edits (default: the booking offset). */
  field?: keyof typeof MINUTE_SETTINGS;
}

/** A booking setting in minutes as a slider with its explanation and its own save. */
export function BookingOffsetCard({ site, editable, field = 'bookingOffset' }: BookingOffsetCardProps) {
  const { t } = useTranslation();
  const { max, texts } = MINUTE_SETTINGS[field];
  const saved = site[field];
  const update = useUpdateSite(site._id);
  const [minutes, setMinutes] = useState(saved);
  // A save or a refetch moves the thumb to what is saved.
  const [minutesFrom, setMinutesFrom] = useState(saved);
  if (minutesFrom !== saved) {
    setMinutesFrom(saved);
    setMinutes(saved);
  }

  const label = (value: number) => t(`booking.${texts}.minutes`, { minutes: value });
  const marks = Array.from({ length: max / MARK_EVERY_MINUTES + 1 }, (_, index) => ({
    value: index * MARK_EVERY_MINUTES,
    label: label(index * MARK_EVERY_MINUTES),
  }));

  const save = () =>
    update.mutate(
      { updateData: { [field]: minutes } },
      {
        onSuccess: () => showToast(t(`booking.${texts}.saved`), 'success'),
        onError: (error) => showToast(siteSaveErrorMessage(error, t), 'error'),
      },
    );

  return (
    <Card variant="outlined">
      <CardHeader
        title={t(`booking.${texts}.title`)}
        subheader={t(`booking.${texts}.explanation`)}
        slotProps={{ title: { component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography sx={{ fontWeight: 500 }} aria-live="polite">
          {minutes === 0 ? t(`booking.${texts}.summaryAtStart`) : t(`booking.${texts}.summary`, { minutes })}
        </Typography>
        <Box sx={{ px: { xs: 2, sm: 3 }, pt: 1 }}>
          <Slider
            aria-label={t(`booking.${texts}.title`)}
            value={minutes}
            min={0}
            max={max}
            step={SITE_LIMITS.bookingOffsetStep}
            marks={marks}
            valueLabelDisplay="auto"
            valueLabelFormat={label}
            getAriaValueText={label}
            disabled={!editable}
            onChange={(_, value) => setMinutes(toStep(value, max))}
          />
        </Box>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
        {editable ? (
          <Button variant="contained" disabled={minutes === saved} loading={update.isPending} onClick={save}>
            {t('booking.save')}
          </Button>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('booking.adminOnly')}
          </Typography>
        )}
      </CardActions>
    </Card>
  );
}
