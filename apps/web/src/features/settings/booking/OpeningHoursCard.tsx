import type { SiteView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickersProvider } from '../../../components/PickersProvider';
import { showToast } from '../../../lib/notifications';
import { useUpdateSite } from '../../sites';
import {
  dayProblems,
  draftsOf,
  hasProblems,
  openingHoursOf,
  sameHours,
  toggledDraft,
  weekdayNames,
  WEEK_FROM_MONDAY,
  type DayDraft,
} from './opening-hours-draft';
import { OpeningHoursRow } from './OpeningHoursRow';
import { siteSaveErrorMessage } from './site-save-error';

interface OpeningHoursCardProps {
  site: SiteView;
  /** Site settings change with role admin only (the server enforces it); others see the hours. */
  editable: boolean;
}

/** Spec §2 Booking: the week's opening hours; guests book and ride only while the club is open. */
export function OpeningHoursCard({ site, editable }: OpeningHoursCardProps) {
  const { t, i18n } = useTranslation();
  const update = useUpdateSite(site._id);
  const saved = site.openingHours;
  const [drafts, setDrafts] = useState<DayDraft[]>(() => draftsOf(saved));
  // When the saved hours change underneath (this card's save, a refetch), the form starts from them again;
  // compared by content, so another card's save of the same site keeps the edits here.
  const savedKey = JSON.stringify(saved);
  const [draftsFrom, setDraftsFrom] = useState(savedKey);
  if (draftsFrom !== savedKey) {
    setDraftsFrom(savedKey);
    setDrafts(draftsOf(saved));
  }

  const dayNames = useMemo(() => weekdayNames(i18n.resolvedLanguage), [i18n.resolvedLanguage]);
  const problems = drafts.map(dayProblems);
  const invalid = problems.some(hasProblems);
  const changed = !sameHours(drafts, saved);

  const setDay = (day: number, draft: DayDraft) =>
    setDrafts((current) => current.map((entry, index) => (index === day ? draft : entry)));

  const save = () => {
    if (invalid) return;
    update.mutate(
      { updateData: { openingHours: openingHoursOf(drafts) } },
      {
        onSuccess: () => showToast(t('booking.openingHours.saved'), 'success'),
        onError: (error) => showToast(siteSaveErrorMessage(error, t), 'error'),
      },
    );
  };

  return (
    <Card variant="outlined">
      <CardHeader
        title={t('booking.openingHours.title')}
        subheader={t('booking.openingHours.subtitle', { timeZone: site.timezone })}
        slotProps={{ title: { component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <PickersProvider>
          <Box
            component="ul"
            aria-label={t('booking.openingHours.title')}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {WEEK_FROM_MONDAY.map((day, position) => (
              <Fragment key={day}>
                {position > 0 && <Divider component="li" aria-hidden />}
                <OpeningHoursRow
                  dayName={dayNames[day] ?? ''}
                  draft={drafts[day] ?? null}
                  problems={problems[day] ?? {}}
                  editable={editable}
                  onToggle={(open) => setDay(day, toggledDraft(saved[day] ?? null, open))}
                  onChange={(draft) => setDay(day, draft)}
                />
              </Fragment>
            ))}
          </Box>
        </PickersProvider>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
        {editable ? (
          <>
            {invalid && (
              <Typography variant="body2" role="status" sx={{ color: 'error.main', mr: 'auto' }}>
                {t('booking.openingHours.fixProblems')}
              </Typography>
            )}
            <Button disabled={!changed || update.isPending} onClick={() => setDrafts(draftsOf(saved))}>
              {t('booking.discard')}
            </Button>
            <Button
              variant="contained"
              disabled={!changed || invalid}
              loading={update.isPending}
              onClick={save}
              data-testid="opening-hours-save"
            >
              {t('booking.save')}
            </Button>
          </>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('booking.adminOnly')}
          </Typography>
        )}
      </CardActions>
    </Card>
  );
}
