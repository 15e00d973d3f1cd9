import type { GuestBookingView } from '@fairway/domain';
import { RIDE_POLL_MS } from '@fairway/domain/rules/rides';
import { useEffect, useState } from 'react';
import { guestApi } from '../api/guest-api';
import { isAbort } from '../api/http';
import { readPendingPayment } from '../lib/ride-storage';
import { useLocation } from '../router/navigation';
import { CHECKOUT_SESSION_PLACEHOLDER } from '../router/routes';

export interface PaymentLanding {
  /** back from the provider, the payment not yet landed: the page polls */
  checking: boolean;
  /** back from the provider and the booking is paid now */
  paid: boolean;
  /** the provider said no: the booking still needs paying */
  refused: 'failed' | 'cancelled' | null;
}

/**
 * The card provider sends a guest who paid for their booking back to its page (`?payment=` the checkout
 * session). The webhook that marks the booking paid may land a moment later: while the booking still asks
 * for payment, the page follows the payment and reloads the booking every 2 s until it is paid, or the
 * payment failed or was cancelled.
 */
export function usePaymentLanding(view: GuestBookingView | null, refresh: () => void): PaymentLanding {
  const { query } = useLocation();
  const fromUrl = query.get('payment');
  const paymentId =
    fromUrl === null
      ? null
      : fromUrl !== CHECKOUT_SESSION_PLACEHOLDER
        ? fromUrl
        : (readPendingPayment()?.paymentId ?? null);
  const [refused, setRefused] = useState<PaymentLanding['refused']>(null);
  const waiting = paymentId !== null && view?.state === 'paymentRequired' && refused === null;

  useEffect(() => {
    if (!waiting) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      guestApi.payment(paymentId, controller.signal).then(
        (payment) => {
          if (payment.status === 'failed' || payment.status === 'cancelled') setRefused(payment.status);
          else refresh();
        },
        (error: unknown) => {
          // The booking itself says whether it is paid; a payment that cannot be read changes nothing.
          if (!controller.signal.aborted && !isAbort(error)) refresh();
        },
      );
    }, RIDE_POLL_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [waiting, paymentId, refresh]);

  return {
    checking: waiting,
    paid: paymentId !== null && view !== null && view.state !== 'paymentRequired' && view.state !== 'expired',
    refused,
  };
}
