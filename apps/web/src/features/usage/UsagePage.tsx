import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOffOutlined';
import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { useSelectedSiteId } from '../../lib/selected-site';
import { useReportRange, type ReportRange } from '../reports';
import { usageParams, useRideUsage } from './api/get-ride-usage';
import { CHART_HEIGHT } from './charts/chart-height';
import { HeatmapCard } from './HeatmapCard';
import { UsageCards } from './UsageCards';
import { CartsCard, RidesByCard, UsageOverTimeCard } from './UsageCharts';
import { UsageExportButtons } from './UsageExportButtons';
import { NO_FILTERS, UsageFilters, type UsageFilterValues } from './UsageFilters';

/**
 * /charts/usage (spec §2 Reports → Usage): how much the fleet is used in the drawer's period, for every
 * staff role (basic staff too; revenue needs user). The heading comes from the reports' layout.
 */
export function UsagePage() {
  const { t } = useTranslation();
  const siteId = useSelectedSiteId();
  const range = useReportRange();
  let content;
  if (!siteId) {
    content = (
      <EmptyState icon={<WrongLocationIcon />} title={t('site.noneTitle')} description={t('site.noneHint')} />
    );
  } else if (!range) {
    content = <UsageSkeleton />;
  } else {
    // Keyed by site: the filters name carts of the site they were chosen on.
    content = <SiteUsage key={siteId} siteId={siteId} range={range} />;
  }
  return <Box sx={{ p: { xs: 2, md: 3 } }}>{content}</Box>;
}

/**
 * The filters apply to the whole page (cards, charts and exports), so what is downloaded is what is shown.
 * The period's unfiltered answer stays asked for: it lists the site's carts for the cart filter and tells an
 * empty period from a filter that matches nothing. Without a filter both are one query, one request.
 */
function SiteUsage({ siteId, range }: { siteId: string; range: ReportRange }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<UsageFilterValues>(NO_FILTERS);
  const period = useRideUsage(siteId, usageParams(range));
  const params = usageParams(range, filters);
  const shown = useRideUsage(siteId, params);
  const filtered = filters.device !== '' || filters.origin !== 'all';
  const periodEmpty = period.data?.totals.rounds === 0 && !period.isPlaceholderData;

  let body;
  if (period.isPending || shown.isPending) body = <UsageSkeleton />;
  else if (period.isError || shown.isError) {
    const failed = period.isError ? period : shown;
    body = (
      <ErrorState
        error={failed.error}
        title={t('usage.loadFailed')}
        onRetry={() => void Promise.all([period.refetch(), shown.refetch()])}
      />
    );
  } else if (periodEmpty) {
    body = (
      <EmptyState
        size="pane"
        icon={<EventBusyIcon />}
        title={t('usage.empty.title')}
        description={t('usage.empty.hint')}
      />
    );
  } else if (shown.data.totals.rounds === 0 && !shown.isPlaceholderData) {
    body = (
      <EmptyState
        size="pane"
        icon={<FilterAltOffIcon />}
        title={t('usage.empty.filteredTitle')}
        description={t('usage.empty.filteredHint')}
        action={
          <Button variant="outlined" onClick={() => setFilters(NO_FILTERS)}>
            {t('usage.filters.clear')}
          </Button>
        }
      />
    );
  } else {
    const answer = shown.data;
    const stale = shown.isPlaceholderData;
    body = (
      <Stack spacing={2}>
        <UsageCards totals={answer.totals} stale={stale} />
        <UsageOverTimeCard answer={answer} stale={stale} />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <CartsCard carts={answer.carts} stale={stale} />
          <RidesByCard answer={answer} stale={stale} />
        </Box>
        <HeatmapCard answer={answer} stale={stale} originFiltered={filters.origin !== 'all'} />
      </Stack>
    );
  }

  const ready = shown.isSuccess && shown.data.totals.rounds > 0 && !shown.isPlaceholderData;
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}
      >
        <UsageFilters
          carts={period.data?.carts ?? []}
          value={filters}
          onChange={setFilters}
          disabled={!period.isSuccess || (periodEmpty && !filtered)}
        />
        <UsageExportButtons siteId={siteId} params={params} disabled={!ready} />
      </Stack>
      {body}
    </Stack>
  );
}

/** The page's shape while the site or the answer loads: two cards and charts of the spec's height. */
function UsageSkeleton() {
  const { t } = useTranslation();
  const chart = <Skeleton variant="rounded" height={CHART_HEIGHT + 72} />;
  return (
    <Stack spacing={2} role="status" aria-busy="true" aria-label={t('usage.loading')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Skeleton variant="rounded" height={110} />
        <Skeleton variant="rounded" height={110} />
      </Box>
      {chart}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {chart}
        {chart}
      </Box>
      {chart}
    </Stack>
  );
}
