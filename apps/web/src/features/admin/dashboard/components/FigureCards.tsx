import type { AdminDashboardView, DayRange } from '@fairway/domain';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/money';
import { formatCount } from '../../../usage';
import type { DashboardSeries } from '../charts/dashboard-chart-options';
import { amountsPerBucket, bucketStarts, countsPerBucket } from '../lib/dashboard-series';
import { DashboardCard } from './DashboardCard';
import { SeriesChart } from './SeriesChart';

interface FigureCardProps {
  /** null while the first answer loads */
  answer: AdminDashboardView | null;
  days: DayRange;
  stale: boolean;
}

function useCount() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  return useCallback((value: number) => formatCount(value, locale), [locale]);
}

/** Guest-app profiles: how many exist, how many were made in the period (spec §2 Admin area, §3 Profile). */
export function ProfilesCard({ answer, days, stale }: FigureCardProps) {
  const { t } = useTranslation();
  const count = useCount();
  const profiles = answer?.profiles;
  const bucket = answer?.bucket ?? 'day';
  const series = useMemo((): DashboardSeries[] | null => {
    if (!profiles) return null;
    const values = countsPerBucket(profiles.series, bucketStarts(days, bucket));
    return [{ name: t('adminDashboard.profiles.created'), values, format: count }];
  }, [profiles, days, bucket, t, count]);
  return (
    <DashboardCard
      testId="dashboard-profiles"
      title={t('adminDashboard.profiles.title')}
      figure={profiles ? count(profiles.total) : null}
      note={
        profiles
          ? t('adminDashboard.profiles.note', { count: profiles.created, value: count(profiles.created) })
          : ''
      }
      stale={stale}
    >
      <SeriesChart series={series} bucket={bucket} days={days} label={t('adminDashboard.profiles.chart')} />
    </DashboardCard>
  );
}

/** Guest bookings starting in the period, cancelled ones apart (spec §2 Admin area). */
export function BookingsCard({ answer, days, stale }: FigureCardProps) {
  const { t } = useTranslation();
  const count = useCount();
  const bookings = answer?.bookings;
  const bucket = answer?.bucket ?? 'day';
  const series = useMemo((): DashboardSeries[] | null => {
    if (!bookings) return null;
    const values = countsPerBucket(bookings.series, bucketStarts(days, bucket));
    return [{ name: t('adminDashboard.bookings.title'), values, format: count }];
  }, [bookings, days, bucket, t, count]);
  return (
    <DashboardCard
      testId="dashboard-bookings"
      title={t('adminDashboard.bookings.title')}
      figure={bookings ? count(bookings.total) : null}
      note={
        bookings
          ? t('adminDashboard.bookings.note', { count: bookings.cancelled, value: count(bookings.cancelled) })
          : ''
      }
      stale={stale}
    >
      <SeriesChart series={series} bucket={bucket} days={days} label={t('adminDashboard.bookings.chart')} />
    </DashboardCard>
  );
}

/** Succeeded payments in the period, summed per currency: amounts in different money are never added. */
export function PaymentsCard({ answer, days, stale }: FigureCardProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const count = useCount();
  const payments = answer?.payments;
  const bucket = answer?.bucket ?? 'day';
  const series = useMemo((): DashboardSeries[] | null => {
    if (!payments) return null;
    return amountsPerBucket(payments.series, bucketStarts(days, bucket)).map(({ currency, amounts }) => ({
      name: currency,
      values: amounts,
      format: (minor: number) => formatMoney(minor, currency, locale),
    }));
  }, [payments, days, bucket, locale]);
  const totals = payments?.totals.filter((total) => total.amount !== 0) ?? [];
  const figure = !payments
    ? null
    : totals.length === 0
      ? t('adminDashboard.payments.none')
      : totals.map((total) => formatMoney(total.amount, total.currency, locale)).join(' · ');
  return (
    <DashboardCard
      testId="dashboard-payments"
      title={t('adminDashboard.payments.title')}
      figure={figure}
      note={
        payments
          ? t('adminDashboard.payments.note', { count: payments.count, value: count(payments.count) })
          : ''
      }
      stale={stale}
    >
      <SeriesChart
        // No payment in the period: the chart says so, like the others, instead of showing no bars at all.
        series={series && series.length === 0 ? [{ name: '', values: [0], format: count }] : series}
        bucket={bucket}
        days={days}
        label={t('adminDashboard.payments.chart')}
      />
    </DashboardCard>
  );
}
