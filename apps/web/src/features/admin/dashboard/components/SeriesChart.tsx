import InsightsIcon from '@mui/icons-material/Insights';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import type { DashboardBucket, DayRange } from '@fairway/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/EmptyState';
import { formatPeriod, formatPeriodLong } from '../../../usage';
import { dashboardBarOption, type DashboardSeries } from '../charts/dashboard-chart-options';
import { DASHBOARD_CHART_HEIGHT, LazyDashboardChart } from '../charts/LazyDashboardChart';
import { bucketStarts } from '../lib/dashboard-series';

interface SeriesChartProps {
  /** null while the first answer loads */
  series: readonly DashboardSeries[] | null;
  bucket: DashboardBucket;
  days: DayRange;
  /** what the chart shows, for screen readers */
  label: string;
}

/** Colours for one series, or for several currencies side by side (distinct in light and dark themes). */
const EXTRA_COLOURS = ['#ef6c00', '#6a1b9a', '#00838f', '#c62828', '#558b2f'];

/**
 * A card's bar chart over the period, a bar per day or per month (the server's `bucket`); a calm line
 * instead of an empty chart when the period holds nothing.
 */
export function SeriesChart({ series, bucket, days, label }: SeriesChartProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const theme = useTheme();
  const option = useMemo(() => {
    if (!series) return null;
    const starts = bucketStarts(days, bucket);
    return dashboardBarOption({
      labels: starts.map((start) => formatPeriod(start, bucket, locale)),
      details: starts.map((start) => formatPeriodLong(start, bucket, locale)),
      series,
      colours: [theme.palette.primary.main, ...EXTRA_COLOURS],
    });
  }, [series, bucket, days, locale, theme]);

  if (!series || !option) return <Skeleton variant="rounded" height={DASHBOARD_CHART_HEIGHT} />;
  const empty = series.every((one) => one.values.every((value) => value === 0));
  if (empty) {
    return (
      <Box sx={{ height: DASHBOARD_CHART_HEIGHT, display: 'grid', placeItems: 'center' }}>
        <EmptyState size="card" icon={<InsightsIcon />} title={t('adminDashboard.chart.empty')} />
      </Box>
    );
  }
  return <LazyDashboardChart option={option} label={`${label}, ${t(`adminDashboard.chart.${bucket}`)}`} />;
}
