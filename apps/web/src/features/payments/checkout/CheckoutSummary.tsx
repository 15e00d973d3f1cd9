import type { SandboxCheckoutView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { moneyText } from './format';

/** What the guest is paying for and to whom: the club, the product, the amount in the checkout's currency. */
export function CheckoutSummary({ checkout }: { checkout: SandboxCheckoutView }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack
      component="section"
      spacing={0.5}
      aria-labelledby="checkout-product"
      sx={{ overflowWrap: 'anywhere' }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('sandboxCheckout.summary.payTo', { business: checkout.businessName })}
      </Typography>
      <Typography id="checkout-product" component="h2" variant="h6">
        {checkout.productName}
      </Typography>
      <Typography
        component="p"
        variant="h4"
        data-testid="checkout-amount"
        sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
      >
        {moneyText(checkout.amount, checkout.currency, i18n.resolvedLanguage)}
      </Typography>
      {checkout.description && (
        <Typography sx={{ color: 'text.secondary' }}>{checkout.description}</Typography>
      )}
      {checkout.customerEmail && (
        <Box sx={{ pt: 1 }}>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            {t('sandboxCheckout.summary.email')}
          </Typography>
          <Typography variant="body2">{checkout.customerEmail}</Typography>
        </Box>
      )}
    </Stack>
  );
}
