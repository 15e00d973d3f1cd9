import type { RideUsage } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { FigureCard, FigureCards } from '../../components/FigureCard';
import { formatCount, formatDuration } from './usage-format';

/**
 * The data cards of spec §2 Usage: how many rounds started in the period, and how long a round lasts on
 * average (spec §4: without the outliers, whose number is said beneath).
 */
export function UsageCards({ totals, stale }: { totals: RideUsage['totals']; stale: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  return (
    <FigureCards columns={2} stale={stale}>
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
    </FigureCards>
  );
}
