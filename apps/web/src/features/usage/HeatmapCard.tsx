import type { RideUsage } from '@fairway/domain';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyUsageChart } from './charts/LazyUsageChart';
import { heatmapOption } from './charts/usage-chart-options';
import { useChartLook } from './charts/use-chart-look';
import { ReportCard } from '../../components/ReportCard';
import { hourNames, weekdayNames } from './usage-format';

export type HeatmapOf = 'rounds' | 'bookings';

/**
 * Rounds or bookings by weekday and hour of the site's clock (spec §2), Monday first. Bookings are counted by
 * their start whatever their origin, so the origin filter says nothing about them, and the card says so.
 */
export function HeatmapCard({
  answer,
  stale,
  originFiltered,
}: {
  answer: RideUsage;
  stale: boolean;
  originFiltered: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const look = useChartLook();
  const [of, setOf] = useState<HeatmapOf>('rounds');
  const counts = answer.heatmap[of];
  const option = useMemo(
    () =>
      heatmapOption(
        counts,
        {
          weekdays: weekdayNames(locale),
          weekdaysLong: weekdayNames(locale, 'long'),
          hours: hourNames(locale),
        },
        look,
      ),
    [counts, locale, look],
  );
  const title = t(`usage.heatmap.${of}Title`);
  return (
    <ReportCard
      title={title}
      subtitle={t('usage.heatmap.clock', { zone: answer.timeZone })}
      stale={stale}
      action={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={of}
          onChange={(_event, next: HeatmapOf | null) => next && setOf(next)}
          aria-label={t('usage.heatmap.label')}
        >
          <ToggleButton value="rounds">{t('usage.heatmap.rounds')}</ToggleButton>
          <ToggleButton value="bookings">{t('usage.heatmap.bookings')}</ToggleButton>
        </ToggleButtonGroup>
      }
    >
      {of === 'bookings' && originFiltered && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('usage.heatmap.originIgnored')}
        </Typography>
      )}
      <LazyUsageChart option={option} label={title} />
    </ReportCard>
  );
}
