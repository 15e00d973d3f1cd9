import LockPersonIcon from '@mui/icons-material/LockPersonOutlined';
import TimelineIcon from '@mui/icons-material/Timeline';
import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import { hasRole } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { useSelectedSiteId } from '../../../lib/selected-site';
import { useCurrentRole } from '../../auth';
import { useReportRange, type ReportRange } from '../../reports';
import { useSite } from '../../sites';
import { BalanceCard } from './BalanceCard';
import { PaymentHistoryCard } from './PaymentHistoryCard';
import { PayoutsCard } from './PayoutsCard';
import { RevenueSummaryCards } from './RevenueSummaryCards';
import { usePaymentHistory } from './use-payment-history';

/**
 * /charts/revenue (spec §2 Reports → Revenue): the provider balance and payouts, the period's takings and the
 * payment history. The period comes from the reports' drawer; the heading from the reports' layout.
 */
export function RevenuePage() {
  const { t } = useTranslation();
  const siteId = useSelectedSiteId();
  const range = useReportRange();
  const role = useCurrentRole();
  let content;
  if (role !== null && !hasRole(role, 'user')) {
    // Revenue needs at least user (docs/decisions.md, Reports): basic staff get one notice, not a page of
    // refusals with Retry buttons that can only fail again, and nothing is asked of the server.
    content = <RevenueNotForRole />;
  } else if (!siteId) {
    content = (
      <EmptyState icon={<WrongLocationIcon />} title={t('site.noneTitle')} description={t('site.noneHint')} />
    );
  } else if (!range) {
    content = <RevenueSkeleton />;
  } else {
    // Keyed by site: the status filter and page belong to the site they were chosen on.
    content = <SiteRevenue key={siteId} siteId={siteId} range={range} />;
  }
  return <Box sx={{ p: { xs: 2, md: 3 } }}>{content}</Box>;
}

function SiteRevenue({ siteId, range }: { siteId: string; range: ReportRange }) {
  const role = useCurrentRole();
  const siteCurrency = useSite(siteId).data?.currency;
  const history = usePaymentHistory(siteId, range);
  const { payments } = history;
  return (
    <Stack spacing={2}>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <BalanceCard siteId={siteId} siteCurrency={siteCurrency} />
        <PayoutsCard siteId={siteId} timeZone={range.timeZone} />
      </Box>
      <RevenueSummaryCards
        summary={payments.data?.summary}
        stale={payments.isPlaceholderData}
        failed={payments.isError}
        siteCurrency={siteCurrency}
      />
      <PaymentHistoryCard
        siteId={siteId}
        history={history}
        timeZone={range.timeZone}
        canRefund={hasRole(role, 'admin')}
      />
    </Stack>
  );
}

/** What basic staff see instead of the takings: why, and the report they may see. */
function RevenueNotForRole() {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <EmptyState
      size="pane"
      icon={<LockPersonIcon />}
      title={t('revenue.forbidden.title')}
      description={t('revenue.forbidden.hint')}
      action={
        <Button
          component={RouterLink}
          to={{ pathname: '/charts/usage', search }}
          variant="outlined"
          startIcon={<TimelineIcon />}
        >
          {t('revenue.forbidden.toUsage')}
        </Button>
      }
    />
  );
}

/** The page's shape while the site (and with it its time zone) loads. */
function RevenueSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} role="status" aria-busy="true" aria-label={t('revenue.loading')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Skeleton variant="rounded" height={220} />
        <Skeleton variant="rounded" height={220} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <Skeleton variant="rounded" height={110} />
        <Skeleton variant="rounded" height={110} />
        <Skeleton variant="rounded" height={110} />
      </Box>
      <Skeleton variant="rounded" height={360} />
    </Stack>
  );
}
