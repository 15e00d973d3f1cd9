import { refundAnswer, type PaymentView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paymentsQueryKey } from './list-payments';

/** The refusal code of a payment that cannot be refunded (not a succeeded, unrefunded card payment). */
export const NOT_REFUNDABLE = 'notRefundable';

/**
 * POST /api/dashboard/payments/{id}/refund (admins): gives a succeeded card payment back in full; answers
 * the payment as it now is.
 */
export async function refundPayment(siteId: string, paymentId: string): Promise<PaymentView> {
  return refundAnswer.parse(
    await apiRequest(`/dashboard/payments/${encodeURIComponent(paymentId)}/refund`, {
      method: 'POST',
      siteId,
      body: {},
    }),
  );
}

/** A refund changes the list, the period's totals and the balance: all of the site's payments answers. */
export const useRefundPayment = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) => refundPayment(siteId, paymentId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsQueryKey(siteId) }),
  });
};
