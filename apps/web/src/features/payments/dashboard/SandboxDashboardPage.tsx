import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { ApiError } from '../../../lib/api-client';
import { useSandboxDashboard } from '../api/get-sandbox-dashboard';
import { SandboxOutcome } from '../checkout/SandboxOutcome';
import { SandboxPageBanner } from '../checkout/SandboxPageBanner';
import { ACTION_SX } from '../checkout/action-style';
import { AccountHeader } from './AccountHeader';
import { BalanceCards } from './BalanceCards';
import { ChargesTable } from './ChargesTable';
import { PayoutList } from './PayoutList';

const REVENUE_PAGE = '/charts/revenue';

/** 400 (not an account id at all) and 404 (no such account) both mean: this link leads nowhere. */
const isUnknownAccount = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /sandbox/dashboard/:accountId — the sandbox payment provider's dashboard of a club's account, the local
 * stand-in for Stripe's (the Revenue page's "provider dashboard" link): balance, payouts, charges. No
 * Fairway login; the account id in the address is the secret.
 */
export function SandboxDashboardPage() {
  const { t } = useTranslation();
  const { accountId = '' } = useParams();
  const dashboard = useSandboxDashboard(accountId);

  let content: ReactNode;
  if (dashboard.isPending) content = <DashboardSkeleton />;
  else if (dashboard.isError && isUnknownAccount(dashboard.error)) content = <UnknownAccount />;
  else if (dashboard.isError)
    content = <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  else
    content = (
      <>
        <AccountHeader account={dashboard.data} />
        <BalanceCards balance={dashboard.data.balance} />
        <PayoutList payouts={dashboard.data.payouts} />
        <ChargesTable charges={dashboard.data.charges} />
      </>
    );

  return (
    <Stack spacing={3}>
      <SandboxPageBanner>{t('sandboxCheckout.banner.dashboardText')}</SandboxPageBanner>
      {content}
    </Stack>
  );
}

function UnknownAccount() {
  const { t } = useTranslation();
  return (
    <SandboxOutcome
      icon={<SearchOffIcon color="action" />}
      title={t('sandboxCheckout.dashboard.unknown.title')}
      text={t('sandboxCheckout.dashboard.unknown.text')}
      action={
        <Button component={RouterLink} to={REVENUE_PAGE} variant="contained" sx={ACTION_SX}>
          {t('sandboxCheckout.dashboard.unknown.back')}
        </Button>
      }
    />
  );
}

function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} aria-busy aria-label={t('sandboxCheckout.dashboard.loading')} role="progressbar">
      <Skeleton width="60%" height={32} />
      <Skeleton width="40%" />
      <Stack direction="row" spacing={1.5}>
        <Skeleton variant="rounded" height={88} sx={{ flex: 1 }} />
        <Skeleton variant="rounded" height={88} sx={{ flex: 1 }} />
      </Stack>
      <Skeleton variant="rounded" height={64} />
      <Skeleton variant="rounded" height={64} />
      <Skeleton variant="rounded" height={120} />
    </Stack>
  );
}
