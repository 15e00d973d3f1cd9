import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import { payoutTag, type PayoutView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
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
import { formatMoney, formatUnixDate } from './revenue-format';

/** Spec §4: a payout to the bank is Paid, money taken back from it Withdrawn. */
const TAG_COLOURS = { paid: 'success', withdrawn: 'warning' } as const;

/**
 * The account's recent payouts (spec §2 Revenue): one chosen by its date, with when it was sent and arrived,
 * the bank account, whether it was paid or withdrawn, and its amount. Dates are on the site's calendar.
 */
export function PayoutsCard({ siteId, timeZone }: { siteId: string; timeZone: string }) {
  const { t } = useTranslation();
  const balance = useBalance(siteId);
  let content;
  if (balance.isPending) content = <PayoutSkeleton />;
  else if (balance.isError)
    content = (
      <ErrorState
        error={balance.error}
        onRetry={() => void balance.refetch()}
        title={t('revenue.payouts.loadFailed')}
      />
    );
  else if (balance.data.payouts.data.length === 0)
    content = (
      <EmptyState
        size="card"
        icon={<AccountBalanceIcon />}
        title={t('revenue.payouts.empty.title')}
        description={t('revenue.payouts.empty.hint')}
      />
    );
  else content = <PayoutDetails payouts={balance.data.payouts.data} timeZone={timeZone} />;
  return <ReportCard title={t('revenue.payouts.title')}>{content}</ReportCard>;
}

function PayoutDetails({ payouts, timeZone }: { payouts: readonly PayoutView[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const [chosenId, setChosenId] = useState<string | null>(null);
  // The provider lists the newest first; that one is shown until another is chosen.
  const payout = payouts.find((candidate) => candidate.id === chosenId) ?? payouts[0]!;
  const tag = payoutTag(payout.amount);
  const date = (seconds: number) => formatUnixDate(seconds, locale, timeZone);

  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label={t('revenue.payouts.select')}
        value={payout.id}
        onChange={(event) => setChosenId(event.target.value)}
        sx={{ maxWidth: 320 }}
      >
        {payouts.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {t('revenue.payouts.option', {
              date: date(option.arrival_date),
              amount: formatMoney(option.amount, option.currency, locale),
            })}
          </MenuItem>
        ))}
      </TextField>
      <RevenueFigures>
        <RevenueFigure label={t('revenue.payouts.amount')} prominent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{formatMoney(payout.amount, payout.currency, locale)}</span>
            <Chip size="small" color={TAG_COLOURS[tag]} label={t(`revenue.payouts.tags.${tag}`)} />
          </Stack>
        </RevenueFigure>
        <RevenueFigure label={t('revenue.payouts.sent')}>{date(payout.created)}</RevenueFigure>
        <RevenueFigure label={t('revenue.payouts.arrived')}>{date(payout.arrival_date)}</RevenueFigure>
        <RevenueFigure label={t('revenue.payouts.bank')}>
          {payout.destination.bank_name ?? t('revenue.payouts.notGiven')}
        </RevenueFigure>
        <RevenueFigure label={t('revenue.payouts.last4')}>
          {payout.destination.last4
            ? t('revenue.payouts.accountEnding', { last4: payout.destination.last4 })
            : t('revenue.payouts.notGiven')}
        </RevenueFigure>
      </RevenueFigures>
    </Stack>
  );
}

function PayoutSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} role="status" aria-busy="true" aria-label={t('revenue.payouts.loading')}>
      <Skeleton variant="rounded" width={240} height={40} />
      <Skeleton width="50%" height={48} />
      <Stack direction="row" spacing={2}>
        <Skeleton width="30%" />
        <Skeleton width="30%" />
        <Skeleton width="30%" />
      </Stack>
    </Stack>
  );
}
