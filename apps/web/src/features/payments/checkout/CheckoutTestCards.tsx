import { SANDBOX_CARDS } from '@fairway/domain';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatCardNumber } from './card-fields';

/** The banner's text on the checkout: which test cards succeed and which are declined (as Stripe's). */
export function CheckoutTestCards() {
  const { t } = useTranslation();
  return (
    <>
      {t('sandboxCheckout.banner.checkoutText')}
      <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
        <li>
          <CardNumber digits={SANDBOX_CARDS.succeeds} /> — {t('sandboxCheckout.banner.cardSucceeds')}
        </li>
        <li>
          <CardNumber digits={SANDBOX_CARDS.declined} /> — {t('sandboxCheckout.banner.cardDeclined')}
        </li>
      </Box>
      {t('sandboxCheckout.banner.anyDetails')}
    </>
  );
}

function CardNumber({ digits }: { digits: string }) {
  return (
    <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 700, whiteSpace: 'nowrap' }}>
      {formatCardNumber(digits)}
    </Box>
  );
}
