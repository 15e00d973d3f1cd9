import type { PaymentView } from '@fairway/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiErrorCode } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { NOT_REFUNDABLE, useRefundPayment } from '../api/refund-payment';

/** What went wrong with a refund, in the operator's language where the server gave a reason code. */
// Typed with i18next's plain TFunction: the app's full key union makes the hook's own type too deep to check.
export function refundFailureText(error: unknown, t: TFunction): string {
  if (apiErrorCode(error) === NOT_REFUNDABLE) return t('revenue.refund.notRefundable');
  const message = error instanceof ApiError ? error.message : t('errors.unknown');
  return t('revenue.refund.failed', { message });
}

/**
 * A refund asked, confirmed and sent: the confirm dialog's subject, and the payment whose refund is on its
 * way (its row says so, and no second refund starts meanwhile). The list refetches however it ends.
 */
export function useRefundFlow(siteId: string) {
  const { t } = useTranslation();
  const refund = useRefundPayment(siteId);
  const [asking, setAsking] = useState<PaymentView | null>(null);
  const [open, setOpen] = useState(false);

  return {
    /** kept after closing, so the dialog's text stays while it fades out */
    asking,
    open,
    refundingId: refund.isPending ? (refund.variables ?? null) : null,
    ask: (payment: PaymentView) => {
      setAsking(payment);
      setOpen(true);
    },
    cancel: () => setOpen(false),
    confirm: () => {
      setOpen(false);
      if (!asking) return;
      refund.mutate(asking._id, {
        onSuccess: () => showToast(t('revenue.refund.done'), 'success'),
        onError: (error) => showToast(refundFailureText(error, t as TFunction), 'error'),
      });
    },
  };
}
