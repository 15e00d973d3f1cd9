import type { GuestPaymentView } from '@fairway/domain';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { readPendingPayment, readSavedSession, savePendingPayment } from '../../lib/ride-storage';
import { DEVICE, makeGuestCart, makePayment, PAYMENT, SESSION } from '../../test/fixtures';
import {
  advance,
  currentUrl,
  renderWithI18n,
  resetRideAroundEachTest,
  useFakeClock,
} from '../../test/render';
import PaymentPendingPage from './PaymentPendingPage';

resetRideAroundEachTest();
beforeEach(() => useFakeClock('2026-06-01T10:00:00Z'));

const CHECKOUT_ID = 'cs_sbx_0123456789abcdef01234567';

/** The payment answers `answers` in turn (the last one repeats). */
function servePayment(answers: (GuestPaymentView | Response)[], id = CHECKOUT_ID) {
  let call = 0;
  return installFetchMock({
    [`GET /api/guest/devices/${DEVICE}`]: () => json(makeGuestCart()),
    [`GET /api/guest/payments/${id}`]: () => {
      const answer = answers[Math.min(call++, answers.length - 1)]!;
      return answer instanceof Response ? answer : json(answer);
    },
  });
}

async function openReturnPage(query = `?payment=${CHECKOUT_ID}`) {
  window.history.replaceState(null, '', `/ride/${DEVICE}/session/pending${query}`);
  renderWithI18n(<PaymentPendingPage deviceId={DEVICE} />);
  await advance();
}

describe('returning from the checkout', () => {
  it('checks every 2 s until the payment has bought a ride, then becomes its session page', async () => {
    savePendingPayment({ paymentId: PAYMENT, deviceId: DEVICE });
    const server = servePayment([
      makePayment(),
      makePayment({ status: 'succeeded' }),
      makePayment({ status: 'succeeded', rideId: SESSION }),
    ]);
    await openReturnPage();
    expect(screen.getByRole('status').textContent).toBe('Checking payment…');
    await advance(2_000);
    expect(screen.getByRole('status').textContent).toBe('Payment received. Unlocking your cart…');
    await advance(2_000);
    expect(currentUrl()).toBe(`/ride/${DEVICE}/session/${SESSION}`);
    expect(readSavedSession()).toEqual({ sessionId: SESSION, deviceId: DEVICE });
    expect(readPendingPayment()).toBeNull();
    await advance(10_000);
    expect(server.callsTo('GET', `/api/guest/payments/${CHECKOUT_ID}`)).toHaveLength(3);
  });

  it('says a payment failed, with the way back to the prices, and stops asking', async () => {
    const server = servePayment([makePayment(), makePayment({ status: 'failed' })]);
    await openReturnPage();
    await advance(2_000);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeTruthy();
    expect(screen.getByText('The payment did not go through. You have not been charged.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to prices' }).getAttribute('href')).toBe(
      `/ride/${DEVICE}/prices`,
    );
    await advance(10_000);
    expect(server.callsTo('GET', `/api/guest/payments/${CHECKOUT_ID}`)).toHaveLength(2);
  });

  it('says a payment was cancelled', async () => {
    servePayment([makePayment({ status: 'cancelled' })]);
    await openReturnPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to prices' })).toBeTruthy();
  });

  it('says the payment was refunded because the cart could not be unlocked', async () => {
    servePayment([
      makePayment({
        status: 'succeeded',
        refunded: true,
        refundReason: 'cartNeverConfirmed',
        rideId: SESSION,
      }),
    ]);
    await openReturnPage();
    expect(
      screen.getByText(
        'Your payment was refunded because the cart could not be unlocked. Please contact the reception.',
      ),
    ).toBeTruthy();
    expect(currentUrl()).toBe(`/ride/${DEVICE}/session/pending?payment=${CHECKOUT_ID}`);
    expect(readSavedSession()).toBeNull();
  });

  it('keeps asking through a network failure', async () => {
    servePayment([
      json({ message: 'Bad gateway' }, 502),
      makePayment({ status: 'succeeded', rideId: SESSION }),
    ]);
    await openReturnPage();
    expect(screen.getByText('An error occurred. Please try again.')).toBeTruthy();
    await advance(2_000);
    expect(currentUrl()).toBe(`/ride/${DEVICE}/session/${SESSION}`);
  });

  it('falls back to the payment saved before leaving when the address has no checkout id', async () => {
    savePendingPayment({ paymentId: PAYMENT, deviceId: DEVICE });
    servePayment([makePayment({ status: 'succeeded', rideId: SESSION })], PAYMENT);
    await openReturnPage('?payment={CHECKOUT_SESSION_ID}');
    expect(currentUrl()).toBe(`/ride/${DEVICE}/session/${SESSION}`);
  });

  it('says when there is no payment to follow', async () => {
    servePayment([json({ message: 'Payment not found' }, 404)]);
    await openReturnPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the cart' }).getAttribute('href')).toBe(
      `/ride/${DEVICE}`,
    );
  });
});
