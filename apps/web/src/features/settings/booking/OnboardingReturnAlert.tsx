import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** How the payment provider sent the operator back: finished (or given up), or with an expired link. */
export type OnboardingReturn = 'return' | 'refresh';

export const onboardingReturnOf = (value: string | null): OnboardingReturn | null =>
  value === 'return' || value === 'refresh' ? value : null;

interface OnboardingReturnAlertProps {
  kind: OnboardingReturn;
  /** The site is being fetched again for the account's state. */
  checking: boolean;
  paymentsActive: boolean;
  onClose: () => void;
}

/**
 * Back from the payment provider's onboarding (/settings/booking?onboarding=…): says whether payments are
 * now active or what is left to do. The activation card stays on the page until they are.
 */
export function OnboardingReturnAlert({
  kind,
  checking,
  paymentsActive,
  onClose,
}: OnboardingReturnAlertProps) {
  const { t } = useTranslation();
  if (checking) {
    return (
      <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />} role="status">
        {t('booking.onboardingReturn.checking')}
      </Alert>
    );
  }
  if (paymentsActive) {
    return (
      <Alert severity="success" onClose={onClose} role="status">
        <AlertTitle>{t('booking.onboardingReturn.activeTitle')}</AlertTitle>
        {t('booking.onboardingReturn.active')}
      </Alert>
    );
  }
  return (
    <Alert severity={kind === 'refresh' ? 'warning' : 'info'} onClose={onClose} role="status">
      <AlertTitle>
        {kind === 'refresh'
          ? t('booking.onboardingReturn.expiredTitle')
          : t('booking.onboardingReturn.unfinishedTitle')}
      </AlertTitle>
      {kind === 'refresh' ? t('booking.onboardingReturn.expired') : t('booking.onboardingReturn.unfinished')}
    </Alert>
  );
}
