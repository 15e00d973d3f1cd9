import type { RideUsage } from '@fairway/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDuration } from './usage-format';

/**
 * The data cards of spec §2 Usage: how many rounds started in the period, and how long a round lasts on
 * average (spec §4: without the outliers, whose number is said beneath).
 */
export function UsageCards({ totals, stale }: { totals: RideUsage['totals']; stale: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        opacity: stale ? 0.6 : 1,
        transition: 'opacity 150ms',
      }}
    >
      <FigureCard label={t('usage.cards.rounds')} note={t('usage.cards.roundsNote')}>
        {formatCount(totals.rounds, locale)}
      </FigureCard>
      <FigureCard
        label={t('usage.cards.average')}
        note={
          totals.averageDuration === null
            ? t('usage.cards.averageNone')
            : t('usage.cards.outliers', {
                counted: formatCount(totals.durationsCounted, locale),
                outliers: formatCount(totals.outliers, locale),
              })
        }
      >
        {totals.averageDuration === null ? '–' : formatDuration(totals.averageDuration, locale)}
      </FigureCard>
    </Box>
  );
}

/** One data card: a caption, its figure, and a line in small print. */
function FigureCard({ label, note, children }: { label: string; note: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={labelId}>
      <CardContent>
        <Stack spacing={0.5}>
          <Typography id={labelId} component="h2" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="p" variant="h5" data-testid="usage-figure">
            {children}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="usage-figure-note">
            {note}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
