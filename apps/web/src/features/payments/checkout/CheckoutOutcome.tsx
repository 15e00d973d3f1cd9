import type { SandboxCheckoutView } from '@fairway/domain';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassDisabledIcon from '@mui/icons-material/HourglassDisabled';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { SandboxOutcome } from './SandboxOutcome';
import { ACTION_SX } from './action-style';
import { dateText, moneyText } from './format';

/** 404 (or an id of the wrong shape): the link leads nowhere, and this page does not know where from. */
export function UnknownCheckout() {
  const { t } = useTranslation();
  return (
    <SandboxOutcome
      icon={<SearchOffIcon color="action" />}
      title={t('sandboxCheckout.unknown.title')}
      text={t('sandboxCheckout.unknown.text')}
    />
  );
}

/** Nothing was charged; the club's own page (the checkout's cancel address) is where to start again. */
export function ExpiredCheckout({
  checkout,
  onLeave,
}: {
  checkout: SandboxCheckoutView;
  onLeave: (url: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const business = checkout.businessName;
  return (
    <SandboxOutcome
      icon={<HourglassDisabledIcon color="action" />}
      title={t('sandboxCheckout.expired.title')}
      text={t('sandboxCheckout.expired.text', {
        date: dateText(new Date(checkout.expiresAt), i18n.resolvedLanguage, true),
        business,
      })}
      action={
        <Button variant="contained" fullWidth onClick={() => onLeave(checkout.cancelUrl)} sx={ACTION_SX}>
          {t('sandboxCheckout.expired.back', { business })}
        </Button>
      }
    />
  );
}

/**
 * Paid already (a second tab, the back button after paying). No way on: the success address belongs to
 * the payment that was made, and the cancel address would say it was not.
 */
export function PaidCheckout({ checkout }: { checkout: SandboxCheckoutView }) {
  const { t, i18n } = useTranslation();
  return (
    <SandboxOutcome
      icon={<CheckCircleIcon color="success" />}
      title={t('sandboxCheckout.complete.title')}
      text={t('sandboxCheckout.complete.text', {
        amount: moneyText(checkout.amount, checkout.currency, i18n.resolvedLanguage),
        business: checkout.businessName,
      })}
    />
  );
}
