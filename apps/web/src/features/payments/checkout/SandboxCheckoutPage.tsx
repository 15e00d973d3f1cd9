import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { ApiError } from '../../../lib/api-client';
import { useSandboxCheckout } from '../api/get-sandbox-checkout';
import { isWebAddress } from '../api/pay-sandbox-checkout';
import { CardPaymentForm } from './CardPaymentForm';
import { CheckoutSummary } from './CheckoutSummary';
import { CheckoutTestCards } from './CheckoutTestCards';
import { ExpiredCheckout, PaidCheckout, UnknownCheckout } from './CheckoutOutcome';
import { SandboxPageBanner } from './SandboxPageBanner';

/**
 * A full page load of the app that started the checkout (its success or cancel page): that app, not this
 * page, says what happens next. Only web addresses are followed.
 */
const leaveFor = (url: string) => {
  if (isWebAddress(url)) window.location.assign(url);
};

/** 400 (not a checkout id at all) and 404 (no such checkout) both mean: this link leads nowhere. */
const isUnknownCheckout = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /sandbox/checkout/:sessionId — the sandbox payment provider's hosted checkout, the local stand-in for
 * Stripe Checkout: a guest, usually on a phone, pays the club by (test) card. No login; the session id in
 * the address is the secret.
 */
export function SandboxCheckoutPage() {
  const { sessionId = '' } = useParams();
  const checkout = useSandboxCheckout(sessionId);

  let content: ReactNode;
  if (checkout.isPending) content = <CheckoutSkeleton />;
  else if (checkout.isError && isUnknownCheckout(checkout.error)) content = <UnknownCheckout />;
  else if (checkout.isError)
    content = <ErrorState error={checkout.error} onRetry={() => void checkout.refetch()} />;
  else if (checkout.data.status === 'complete') content = <PaidCheckout checkout={checkout.data} />;
  else if (checkout.data.status === 'expired')
    content = <ExpiredCheckout checkout={checkout.data} onLeave={leaveFor} />;
  else
    content = (
      <>
        <CheckoutSummary checkout={checkout.data} />
        <Divider />
        <CardPaymentForm checkout={checkout.data} onLeave={leaveFor} />
      </>
    );

  return (
    <Stack spacing={3}>
      <SandboxPageBanner>
        <CheckoutTestCards />
      </SandboxPageBanner>
      {content}
    </Stack>
  );
}

function CheckoutSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} aria-busy aria-label={t('sandboxCheckout.loading')} role="progressbar">
      <Skeleton width="50%" />
      <Skeleton width="70%" height={32} />
      <Skeleton width="40%" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Stack direction="row" spacing={2}>
        <Skeleton variant="rounded" height={56} sx={{ flex: 1 }} />
        <Skeleton variant="rounded" height={56} sx={{ flex: 1 }} />
      </Stack>
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={52} />
    </Stack>
  );
}
