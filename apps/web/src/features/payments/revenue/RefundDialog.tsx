import type { PaymentView } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatMoney } from './revenue-format';

interface RefundDialogProps {
  payment: PaymentView | null;
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before giving a payment back: it names the amount and the guest, since a refund cannot be undone. */
export function RefundDialog({ payment, open, onConfirm, onCancel }: RefundDialogProps) {
  const { t, i18n } = useTranslation();
  if (!payment) return null;
  return (
    <ConfirmDialog
      open={open}
      title={t('revenue.refund.confirmTitle')}
      message={t('revenue.refund.confirmMessage', {
        amount: formatMoney(payment.priceDetails.total, payment.priceDetails.currency, i18n.resolvedLanguage),
        name: payment.userDetails.name,
        email: payment.userDetails.email,
      })}
      confirmLabel={t('revenue.refund.confirm')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
