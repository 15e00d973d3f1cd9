import type { RideUsage } from '@fairway/domain';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { LazyUsageChart } from './charts/LazyUsageChart';
import { usageAreaOption, usageBarOption, type UsageItem } from './charts/usage-chart-options';
import { useChartLook } from './charts/use-chart-look';
import { ReportCard } from '../../components/ReportCard';
import { formatPeriod, formatPeriodLong } from './usage-format';

/** Rounds per day, or per month over a long period (the server's `grouping`, spec §2). */
export function UsageOverTimeCard({ answer, stale }: { answer: RideUsage; stale: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const look = useChartLook();
  const { usage, grouping } = answer;
  const option = useMemo(() => {
    const items: UsageItem[] = usage.map((bucket) => ({
      label: formatPeriod(bucket.period, grouping, locale),
      detail: formatPeriodLong(bucket.period, grouping, locale),
      rounds: bucket.rounds,
    }));
    return usageAreaOption(items, look);
  }, [usage, grouping, locale, look]);
  const title = t('usage.overTime.title');
  return (
    <ReportCard title={title} subtitle={t(`usage.overTime.${grouping}`)} stale={stale}>
      <LazyUsageChart option={option} label={`${title}, ${t(`usage.overTime.${grouping}`)}`} />
    </ReportCard>
  );
}

/** Rounds per cart of the site, idle carts included (spec §2: usage by cart). */
export function CartsCard({ carts, stale }: { carts: RideUsage['carts']; stale: boolean }) {
  const { t } = useTranslation();
  const look = useChartLook();
  const option = useMemo(() => {
    const items: UsageItem[] = carts.map((cart) => {
      const name = cart.carNumber ?? cart.carName ?? t('usage.carts.unnamed');
      return { label: name, detail: t('usage.carts.cart', { name }), rounds: cart.rounds };
    });
    return usageBarOption(items, look);
  }, [carts, look, t]);
  const title = t('usage.carts.title');
  return (
    <ReportCard title={title} stale={stale}>
      <LazyUsageChart option={option} label={title} />
    </ReportCard>
  );
}

export type RidesBy = 'service' | 'price';

const readRidesBy = (): RidesBy => (readStorage(STORAGE_KEYS.usageRidesBy) === 'price' ? 'price' : 'service');

/** Rides per service or per price, as chosen (spec §2); the choice is remembered on this browser. */
export function RidesByCard({ answer, stale }: { answer: RideUsage; stale: boolean }) {
  const { t } = useTranslation();
  const look = useChartLook();
  const [by, setBy] = useState<RidesBy>(readRidesBy);
  const choose = (next: RidesBy | null) => {
    if (!next) return;
    setBy(next);
    writeStorage(STORAGE_KEYS.usageRidesBy, next);
  };
  const { services, prices } = answer;
  const option = useMemo(() => {
    const items: UsageItem[] =
      by === 'service'
        ? services.map((row) => ({ label: row.name ?? t('usage.ridesBy.noService'), rounds: row.rounds }))
        : prices.map((row) => {
            const name = row.name ?? t('usage.ridesBy.noPrice');
            return {
              label: name,
              detail: row.serviceName ? `${row.serviceName} · ${name}` : name,
              rounds: row.rounds,
            };
          });
    return usageBarOption(items, look, { horizontal: true });
  }, [by, services, prices, look, t]);
  const title = t(`usage.ridesBy.${by}Title`);
  return (
    <ReportCard
      title={title}
      stale={stale}
      action={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={by}
          onChange={(_event, next: RidesBy | null) => choose(next)}
          aria-label={t('usage.ridesBy.label')}
        >
          <ToggleButton value="service">{t('usage.ridesBy.service')}</ToggleButton>
          <ToggleButton value="price">{t('usage.ridesBy.price')}</ToggleButton>
        </ToggleButtonGroup>
      }
    >
      <LazyUsageChart option={option} label={title} />
    </ReportCard>
  );
}
