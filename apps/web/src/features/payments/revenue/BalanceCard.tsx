import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { sumByCurrency, type BalanceAnswer, type CurrencyAmount } from '@fairway/domain';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { useBalance } from '../api/get-balance';
import { ReportCard } from '../../../components/ReportCard';
import { RevenueFigure, RevenueFigures } from './RevenueFigure';
import { formatMoney } from './revenue-format';

interface BalanceCardProps {
  siteId: string;
  /** the site's own currency, shown first when the balance holds it */
  siteCurrency: string | undefined;
}

/**
 * The club's provider balance (spec §2 Revenue): per currency the total, what can be paid out now and what
 * becomes available soon, and the way to the provider's own dashboard.
 */
export function BalanceCard({ siteId, siteCurrency }: BalanceCardProps) {
  const { t } = useTranslation();
  const balance = useBalance(siteId);
  let content;
  if (balance.isPending) content = <BalanceSkeleton />;
  else if (balance.isError)
    content = (
      <ErrorState
        error={balance.error}
        onRetry={() => void balance.refetch()}
        title={t('revenue.balance.loadFailed')}
      />
    );
  else content = <BalanceFigures answer={balance.data} siteCurrency={siteCurrency} />;
  return <ReportCard title={t('revenue.balance.title')}>{content}</ReportCard>;
}

/** The currencies the balance holds, in the order first seen, the site's own first. */
function currenciesOf(balance: BalanceAnswer['balance'], siteCurrency: string | undefined): string[] {
  const seen = [...new Set([...balance.available, ...balance.pending].map((entry) => entry.currency))];
  return siteCurrency && seen.includes(siteCurrency)
    ? [siteCurrency, ...seen.filter((code) => code !== siteCurrency)]
    : seen;
}

const amountIn = (amounts: readonly CurrencyAmount[], currency: string): number =>
  sumByCurrency(amounts).find((entry) => entry.currency === currency)?.amount ?? 0;

function BalanceFigures({
  answer,
  siteCurrency,
}: {
  answer: BalanceAnswer;
  siteCurrency: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const currencies = currenciesOf(answer.balance, siteCurrency);
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen !== null && currencies.includes(chosen) ? chosen : currencies[0];
  const locale = i18n.resolvedLanguage;

  const dashboardLink = answer.dashboardUrl && (
    <Button
      component="a"
      href={answer.dashboardUrl}
      target="_blank"
      rel="noopener noreferrer"
      variant="outlined"
      endIcon={<OpenInNewIcon />}
      sx={{ alignSelf: 'flex-start' }}
    >
      {t('revenue.balance.dashboard')}
    </Button>
  );

  if (currency === undefined) {
    return (
      <Stack spacing={2}>
        <EmptyState
          size="card"
          icon={<AccountBalanceWalletIcon />}
          title={t('revenue.balance.empty.title')}
          description={t('revenue.balance.empty.hint')}
        />
        {dashboardLink}
      </Stack>
    );
  }

  const available = amountIn(answer.balance.available, currency);
  const pending = amountIn(answer.balance.pending, currency);
  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label={t('revenue.balance.currency')}
        value={currency}
        onChange={(event) => setChosen(event.target.value)}
        sx={{ width: 160 }}
      >
        {currencies.map((code) => (
          <MenuItem key={code} value={code}>
            {code}
          </MenuItem>
        ))}
      </TextField>
      <RevenueFigures>
        <RevenueFigure label={t('revenue.balance.total')} prominent>
          {formatMoney(available + pending, currency, locale)}
        </RevenueFigure>
        <RevenueFigure label={t('revenue.balance.available')}>
          {formatMoney(available, currency, locale)}
        </RevenueFigure>
        <RevenueFigure label={t('revenue.balance.pending')}>
          {formatMoney(pending, currency, locale)}
        </RevenueFigure>
      </RevenueFigures>
      {dashboardLink}
    </Stack>
  );
}

function BalanceSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} role="status" aria-busy="true" aria-label={t('revenue.balance.loading')}>
      <Skeleton variant="rounded" width={160} height={40} />
      <Skeleton width="50%" height={48} />
      <Stack direction="row" spacing={2}>
        <Skeleton width="40%" />
        <Skeleton width="40%" />
      </Stack>
    </Stack>
  );
}
