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

/** The nearest allowed offset: the server refuses anything off the 5-minute steps or out of range. */
const toStep = (value: number): number =>
  Math.min(
    SITE_LIMITS.bookingOffsetMax,
    Math.max(0, Math.round(value / SITE_LIMITS.bookingOffsetStep) * SITE_LIMITS.bookingOffsetStep),
  );

interface BookingOffsetCardProps {
  site: SiteView;
  editable: boolean;
}

/** Spec §9: how many minutes before a booking starts its guest may unlock the cart (0–120, step 5). */
export function BookingOffsetCard({ site, editable }: BookingOffsetCardProps) {
  const { t } = useTranslation();
  const update = useUpdateSite(site._id);
  const [minutes, setMinutes] = useState(site.bookingOffset);
  // A save or a refetch moves the thumb to what is saved.
  const [minutesFrom, setMinutesFrom] = useState(site.bookingOffset);
  if (minutesFrom !== site.bookingOffset) {
    setMinutesFrom(site.bookingOffset);
    setMinutes(site.bookingOffset);
  }

  const label = (value: number) => t('booking.offset.minutes', { minutes: value });
  const marks = Array.from({ length: SITE_LIMITS.bookingOffsetMax / MARK_EVERY_MINUTES + 1 }, (_, index) => ({
    value: index * MARK_EVERY_MINUTES,
    label: label(index * MARK_EVERY_MINUTES),
  }));

  const save = () =>
    update.mutate(
      { updateData: { bookingOffset: minutes } },
      {
        onSuccess: () => showToast(t('booking.offset.saved'), 'success'),
        onError: (error) => showToast(siteSaveErrorMessage(error, t), 'error'),
      },
    );

  return (
    <Card variant="outlined">
      <CardHeader
        title={t('booking.offset.title')}
        subheader={t('booking.offset.explanation')}
        slotProps={{ title: { component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography sx={{ fontWeight: 500 }} aria-live="polite">
          {minutes === 0 ? t('booking.offset.summaryAtStart') : t('booking.offset.summary', { minutes })}
        </Typography>
        <Box sx={{ px: { xs: 2, sm: 3 }, pt: 1 }}>
          <Slider
            aria-label={t('booking.offset.title')}
            value={minutes}
            min={0}
            max={SITE_LIMITS.bookingOffsetMax}
            step={SITE_LIMITS.bookingOffsetStep}
            marks={marks}
            valueLabelDisplay="auto"
            valueLabelFormat={label}
            getAriaValueText={label}
            disabled={!editable}
            onChange={(_, value) => setMinutes(toStep(value))}
          />
        </Box>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
        {editable ? (
          <Button
            variant="contained"
            disabled={minutes === site.bookingOffset}
            loading={update.isPending}
            onClick={save}
          >
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
