import type { SandboxDashboardView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { moneyText } from '../checkout/format';
import { balancesByCurrency } from './balances';
import { DashboardSection } from './DashboardSection';

/** Available and pending money, a card per currency; cards sit side by side where there is room. */
export function BalanceCards({ balance }: { balance: SandboxDashboardView['balance'] }) {
  const { t, i18n } = useTranslation();
  const balances = balancesByCurrency(balance);
  const money = (minor: number, currency: string) => moneyText(minor, currency, i18n.resolvedLanguage);
  return (
    <DashboardSection
      id="dashboard-balance"
      title={t('sandboxCheckout.dashboard.balance.title')}
      emptyText={t('sandboxCheckout.dashboard.balance.empty')}
      isEmpty={balances.length === 0}
    >
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
        {balances.map(({ currency, available, pending }) => (
          <Paper
            key={currency}
            variant="outlined"
            component="dl"
            aria-label={currency}
            data-testid={`balance-${currency}`}
            sx={{ m: 0, p: 1.5, overflowWrap: 'anywhere', '& dd': { m: 0 } }}
          >
            <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
              {t('sandboxCheckout.dashboard.balance.available')}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {money(available, currency)}
            </Typography>
            <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {t('sandboxCheckout.dashboard.balance.pending')}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {money(pending, currency)}
            </Typography>
          </Paper>
        ))}
      </Box>
    </DashboardSection>
  );
}
