import type { CurrencyAmount, PaymentsPage } from '@fairway/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney } from './revenue-format';

interface RevenueSummaryCardsProps {
  /** the period's succeeded payments; undefined while loading or after a failure */
  summary: PaymentsPage['summary'] | undefined;
  /** the summary in view belongs to the previous period while the new one loads */
  stale: boolean;
  failed: boolean;
  /** a period without takings shows 0 in this currency */
  siteCurrency: string | undefined;
}

/**
 * The data cards of spec §2 Revenue: how many payments succeeded in the period, and what they brought in,
 * gross and net of fees, per currency.
 */
export function RevenueSummaryCards({ summary, stale, failed, siteCurrency }: RevenueSummaryCardsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const money = (amounts: readonly CurrencyAmount[]) => {
    const lines = amounts.length > 0 ? amounts : siteCurrency ? [{ currency: siteCurrency, amount: 0 }] : [];
    return lines.map((line) => (
      <Box component="span" key={line.currency} sx={{ display: 'block' }}>
        {formatMoney(line.amount, line.currency, locale)}
      </Box>
    ));
  };
  const value = (render: (data: PaymentsPage['summary']) => ReactNode) => {
    if (summary) return render(summary);
    if (failed) return t('revenue.summary.unavailable');
    return null;
  };
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
        opacity: stale ? 0.6 : 1,
        transition: 'opacity 150ms',
      }}
    >
      <SummaryCard label={t('revenue.summary.count')}>
        {value((data) => formatCount(data.count, locale))}
      </SummaryCard>
      <SummaryCard label={t('revenue.summary.gross')}>{value((data) => money(data.gross))}</SummaryCard>
      <SummaryCard label={t('revenue.summary.net')}>{value((data) => money(data.net))}</SummaryCard>
    </Box>
  );
}

/** One data card: a caption and its figure, or a skeleton of the figure while it loads. */
function SummaryCard({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const labelId = useId();
  const loading = children === null;
  return (
    <Card variant="outlined" component="section" aria-labelledby={labelId}>
      <CardContent>
        <Stack spacing={0.5}>
          <Typography id={labelId} component="h2" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          {loading ? (
            <Skeleton width="60%" height={40} data-testid="summary-loading" />
          ) : (
            <Typography component="p" variant="h5" data-testid="summary-value">
              {children}
            </Typography>
          )}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('revenue.summary.caption')}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
