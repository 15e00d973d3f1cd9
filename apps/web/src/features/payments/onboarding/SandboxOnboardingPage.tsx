import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { ApiError } from '../../../lib/api-client';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { useSandboxAccount } from '../api/get-sandbox-account';
import { SandboxPageBanner } from '../checkout/SandboxPageBanner';
import { SandboxOnboardingForm } from './SandboxOnboardingForm';

/** Where the operator goes back to when the link carries no usable `return`. */
export const DEFAULT_RETURN = '/settings/booking?onboarding=return';
const BOOKING_SETTINGS = '/settings/booking';

/** A full page load, as after the real provider's onboarding: Fairway then asks for the site afresh. */
const leaveFor = (path: string) => window.location.assign(path);

/** 400 (not an account id at all) and 404 (no such account) both mean: this link leads nowhere. */
const isUnknownAccount = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /sandbox/onboarding/:accountId?return=… — the sandbox payment provider's hosted onboarding, the local
 * stand-in for Stripe's. No Fairway login. Afterwards the browser returns to `return`, which must be a path
 * of this app (never another site: the link could be crafted).
 */
export function SandboxOnboardingPage() {
  const { t } = useTranslation();
  const { accountId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const returnTo = safeRedirectPath(searchParams.get('return'), DEFAULT_RETURN);
  const account = useSandboxAccount(accountId);

  let content: ReactNode;
  if (account.isPending) content = <FormSkeleton />;
  else if (account.isError && isUnknownAccount(account.error)) content = <UnknownAccount />;
  else if (account.isError)
    content = <ErrorState error={account.error} onRetry={() => void account.refetch()} />;
  else if (account.data.active) content = <AlreadyActive returnTo={returnTo} />;
  else content = <SandboxOnboardingForm account={account.data} returnTo={returnTo} onCompleted={leaveFor} />;

  return (
    <Stack spacing={3}>
      <SandboxPageBanner>{t('sandbox.banner.text')}</SandboxPageBanner>
      {content}
    </Stack>
  );
}

function FormSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} aria-busy aria-label={t('sandbox.loading')} role="progressbar">
      <Skeleton width="60%" height={32} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={40} width={200} sx={{ alignSelf: 'flex-end' }} />
    </Stack>
  );
}

function Outcome({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Box sx={{ fontSize: 48, lineHeight: 0, '& svg': { fontSize: 'inherit' } }} aria-hidden>
        {icon}
      </Box>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{text}</Typography>
      {action}
    </Stack>
  );
}

function UnknownAccount() {
  const { t } = useTranslation();
  return (
    <Outcome
      icon={<SearchOffIcon color="action" />}
      title={t('sandbox.unknown.title')}
      text={t('sandbox.unknown.text')}
      action={
        <Button component={RouterLink} to={BOOKING_SETTINGS} variant="contained">
          {t('sandbox.unknown.back')}
        </Button>
      }
    />
  );
}

function AlreadyActive({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  return (
    <Outcome
      icon={<CheckCircleIcon color="success" />}
      title={t('sandbox.active.title')}
      text={t('sandbox.active.text')}
      action={
        <Button variant="contained" onClick={() => leaveFor(returnTo)}>
          {t('sandbox.active.back')}
        </Button>
      }
    />
  );
}
