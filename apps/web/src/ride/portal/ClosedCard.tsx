import type { PublicSite } from '@fairway/domain';
import { clockAt } from '@fairway/domain/rules/club-clock';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import { weekdayName } from '../lib/format';
import { useNow } from '../lib/use-now';
import { portalMessages } from './locales';

/** Monday first, as the clubs' own notice boards; day 0 is Sunday (spec §3 opening hours). */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** Spec §2: the club is closed now; its week's opening hours, today highlighted, closed days labelled. */
export function ClosedCard({ site }: { site: PublicSite }) {
  const { locale } = useI18n();
  const tp = useNamespace(portalMessages);
  const today = clockAt(useNow(60_000), site.timezone).day;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="portal-closed" sx={{ p: 2 }}>
      <Typography id="portal-closed" variant="h6" component="h2">
        {tp('closed.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{tp('closed.text')}</Typography>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse' }}>
        <caption style={{ textAlign: 'left', fontWeight: 600, paddingBottom: 8 }}>
          {tp('closed.hours')}
        </caption>
        <tbody>
          {WEEK.map((day) => {
            const hours = site.openingHours[day];
            const isToday = day === today;
            return (
              <Box
                component="tr"
                key={day}
                aria-current={isToday ? 'date' : undefined}
                sx={{
                  bgcolor: isToday ? 'action.selected' : undefined,
                  fontWeight: isToday ? 700 : undefined,
                  '& > *': { py: 0.75, px: 1 },
                }}
              >
                <Box component="th" scope="row" sx={{ textAlign: 'left', fontWeight: 'inherit' }}>
                  {weekdayName(day, locale)}
                  {isToday && ` · ${tp('closed.today')}`}
                </Box>
                <Box component="td" sx={{ textAlign: 'right', color: hours ? undefined : 'text.secondary' }}>
                  {hours ? `${hours.openTime}–${hours.closeTime}` : tp('closed.closedDay')}
                </Box>
              </Box>
            );
          })}
        </tbody>
      </Box>
    </Paper>
  );
}
