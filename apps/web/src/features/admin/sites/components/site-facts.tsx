import type { SiteView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/money';

/** The Stripe column: the account id (or none) and whether it takes payments. */
export function StripeStatus({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const { accountId, accountActive } = site.stripeConfig;
  if (!accountId)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('adminSites.stripe.none')}
      </Typography>
    );
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {accountId}
      </Typography>
      <Chip
        size="small"
        color={accountActive ? 'success' : 'warning'}
        label={accountActive ? t('adminSites.stripe.active') : t('adminSites.stripe.inactive')}
      />
    </Stack>
  );
}

/** The Fee column: the platform's share of each payment, as a percentage or a fixed amount. */
export function feeText(site: SiteView, language: string): string {
  const { revenueShareMethod, percentage, fixedFee } = site.stripeConfig;
  if (revenueShareMethod === 'fixed') return formatMoney(fixedFee, site.currency, language);
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(
    percentage / 100,
  );
}
