import type { CurrencyAmount, PaymentsPage } from '@fairway/domain';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureCard, FigureCards } from '../../../components/FigureCard';
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
  const caption = t('revenue.summary.caption');
  return (
    <FigureCards columns={3} stale={stale}>
      <FigureCard label={t('revenue.summary.count')} note={caption}>
        {value((data) => formatCount(data.count, locale))}
      </FigureCard>
      <FigureCard label={t('revenue.summary.gross')} note={caption}>
        {value((data) => money(data.gross))}
      </FigureCard>
      <FigureCard label={t('revenue.summary.net')} note={caption}>
        {value((data) => money(data.net))}
      </FigureCard>
    </FigureCards>
  );
}
