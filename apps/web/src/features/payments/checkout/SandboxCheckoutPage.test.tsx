import type { SandboxCheckoutView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { clearTokens } from '../../../lib/auth-tokens';
import { changeLocale } from '../../../lib/i18n';
import { deferred, installFetchMock, json, type RecordedCall } from '../../../test/fetch-mock';
import { SandboxCheckoutPage } from './SandboxCheckoutPage';

const SESSION_ID = 'cs_sbx_0123456789abcdef01234567';
const CHECKOUT_PATH = `/api/sandbox/checkout/${SESSION_ID}`;
const SUCCESS_URL = 'http://localhost:5173/guest/payment/return?payment=7b0c';
const CANCEL_URL = 'http://localhost:5173/guest/payment/cancelled?payment=7b0c';

const OPEN_CHECKOUT: SandboxCheckoutView = {
  id: SESSION_ID,
  status: 'open',
  businessName: 'Demo Golf Club',
  productName: 'Golf cart, 18 holes',
  description: 'Cart 7 with the unlock fee',
  amount: 2550,
  currency: 'EUR',
  customerEmail: 'guest@example.com',
  cancelUrl: CANCEL_URL,
  expiresAt: '2026-11-20T14:30:00.000Z',
};

type Answer = (call: RecordedCall) => Response | Promise<Response>;

function renderPage({
  checkout = OPEN_CHECKOUT,
  payAnswer = () => json({ redirectUrl: SUCCESS_URL }),
  cancelAnswer = () => json({ redirectUrl: CANCEL_URL }),
}: {
  checkout?: SandboxCheckoutView | Response;
  payAnswer?: Answer;
  cancelAnswer?: Answer;
} = {}) {
  const server = installFetchMock({
    [`GET ${CHECKOUT_PATH}`]: () => (checkout instanceof Response ? checkout : json(checkout)),
    [`POST ${CHECKOUT_PATH}/pay`]: payAnswer,
    [`POST ${CHECKOUT_PATH}/cancel`]: cancelAnswer,
  });
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/sandbox/checkout/${SESSION_ID}`]}>
        <Routes>
          <Route path="/sandbox/checkout/:sessionId" element={<SandboxCheckoutPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...server, assign };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const payButton = () => screen.getByRole('button', { name: /^Pay / });

async function fillCard({
  cardNumber = '4242424242424242',
  expiry = '1240',
  cvc = '123',
  name = 'Ada Lovelace',
} = {}) {
  await screen.findByRole('heading', { name: 'Golf cart, 18 holes' });
  type(/Card number/, cardNumber);
  type(/Expiry date/, expiry);
  type(/Security code/, cvc);
  type(/Name on card/, name);
}

const pays = (server: ReturnType<typeof renderPage>) => server.callsTo('POST', `${CHECKOUT_PATH}/pay`);

beforeEach(async () => {
  clearTokens();
  await changeLocale('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLocale('en');
});

describe('SandboxCheckoutPage', () => {
  it('shows the sandbox banner with the test cards, and what is paid to whom', async () => {
    const server = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Payments sandbox — no real money' })).toBeTruthy();
    expect(screen.getByText('4242 4242 4242 4242')).toBeTruthy();
    expect(screen.getByText('4000 0000 0000 0002')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Golf cart, 18 holes' })).toBeTruthy();
    expect(screen.getByText('Pay Demo Golf Club')).toBeTruthy();
    expect(screen.getByTestId('checkout-amount').textContent).toBe('€25.50');
    expect(screen.getByText('Cart 7 with the unlock fee')).toBeTruthy();
    expect(screen.getByText('guest@example.com')).toBeTruthy();
    expect(payButton().textContent).toContain('Pay €25.50');
    // The provider's page carries no Fairway token.
    expect(server.calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('gives the card fields their autofill hints and the number pad', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Golf cart, 18 holes' });
    expect(
      [/Card number/, /Expiry date/, /Security code/, /Name on card/].map((name) => [
        field(name).autocomplete,
        field(name).inputMode,
      ]),
    ).toEqual([
      ['cc-number', 'numeric'],
      ['cc-exp', 'numeric'],
      ['cc-csc', 'numeric'],
      ['cc-name', ''],
    ]);
  });

  it('formats the card number in groups of four and the expiry as MM/YY while typing', async () => {
    renderPage();
    await fillCard({ cardNumber: '4242424242424242', expiry: '1240', cvc: '12a34' });
    expect(field(/Card number/).value).toBe('4242 4242 4242 4242');
    expect(field(/Expiry date/).value).toBe('12/40');
    expect(field(/Security code/).value).toBe('1234');
    // What autofill or a paste may bring: the full year, more digits than a card has.
    type(/Expiry date/, '7/2031');
    type(/Card number/, '4242-4242-4242-4242-4242');
    expect([field(/Expiry date/).value, field(/Card number/).value]).toEqual([
      '07/31',
      '4242 4242 4242 4242 424',
    ]);
  });

  it('requires every field before sending anything', async () => {
    const server = renderPage();
    await screen.findByRole('heading', { name: 'Golf cart, 18 holes' });
    fireEvent.click(payButton());
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(4));
    expect(pays(server)).toHaveLength(0);
  });

  it('checks the card number, the expiry and the CVC before sending', async () => {
    const server = renderPage();
    await fillCard({ cardNumber: '4242424242424241', expiry: '0120', cvc: '12' });
    fireEvent.click(payButton());
    expect(await screen.findByText('This card number is not valid. Check the digits.')).toBeTruthy();
    expect(screen.getByText('This card has expired.')).toBeTruthy();
    expect(screen.getByText('Enter the 3 or 4 digit security code.')).toBeTruthy();
    type(/Expiry date/, '1');
    fireEvent.click(payButton());
    expect(await screen.findByText('Enter the expiry date as MM/YY.')).toBeTruthy();
    expect(pays(server)).toHaveLength(0);
  });

  it('pays with the card digits, stays busy while paying, then goes to the success address', async () => {
    const answer = deferred<Response>();
    const server = renderPage({ payAnswer: () => answer.promise });
    await fillCard({ name: ' Ada Lovelace ' });
    fireEvent.click(payButton());
    await waitFor(() => expect(pays(server)).toHaveLength(1));
    expect(pays(server)[0]?.body).toEqual({
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
      name: 'Ada Lovelace',
    });
    const busy = screen.getByRole('button', { name: /Paying/ }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel and go back' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    answer.resolve(json({ redirectUrl: SUCCESS_URL }));
    await waitFor(() => expect(server.assign).toHaveBeenCalledWith(SUCCESS_URL));
    expect(server.assign).toHaveBeenCalledTimes(1);
  });

  it('says a declined card is declined and keeps the form as it was', async () => {
    const server = renderPage({
      payAnswer: () => json({ message: 'Your card was declined.', code: 'cardDeclined' }, 402),
    });
    await fillCard({ cardNumber: '4000000000000002' });
    fireEvent.click(payButton());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your card was declined. Try another card.',
    );
    expect(field(/Card number/).value).toBe('4000 0000 0000 0002');
    expect(field(/Name on card/).value).toBe('Ada Lovelace');
    expect((payButton() as HTMLButtonElement).disabled).toBe(false);
    expect(server.assign).not.toHaveBeenCalled();
  });

  it.each([
    ['cardExpired', 400, /Expiry date/, 'Your card has expired. Check the expiry date or use another card.'],
    [
      'notTestCard',
      400,
      /Card number/,
      'This is not a test card. In the sandbox, pay with one of the test cards above.',
    ],
  ])('shows the %s refusal at the field to correct', async (code, status, name, message) => {
    const server = renderPage({ payAnswer: () => json({ message: 'refused', code }, status) });
    await fillCard();
    fireEvent.click(payButton());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(field(name).getAttribute('aria-invalid')).toBe('true');
    expect(server.assign).not.toHaveBeenCalled();
  });

  it('says when the checkout closed in the meantime', async () => {
    renderPage({ payAnswer: () => json({ message: 'Checkout closed', code: 'checkoutClosed' }, 409) });
    await fillCard();
    fireEvent.click(payButton());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This checkout is closed and can no longer be paid.',
    );
  });

  it('offers to try again after a network failure', async () => {
    let attempts = 0;
    const server = renderPage({
      payAnswer: () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return json({ redirectUrl: SUCCESS_URL });
      },
    });
    await fillCard();
    fireEvent.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not reach the payment service.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.assign).toHaveBeenCalledWith(SUCCESS_URL));
    expect(pays(server)).toHaveLength(2);
  });

  it('never follows a redirect that is not a web address', async () => {
    const server = renderPage({ payAnswer: () => json({ redirectUrl: 'javascript:alert(1)' }) });
    await fillCard();
    fireEvent.click(payButton());
    expect((await screen.findByRole('alert')).textContent).toContain('The payment did not go through');
    expect(server.assign).not.toHaveBeenCalled();
  });

  it('cancels the checkout and goes back to the cancel address', async () => {
    const server = renderPage({ cancelAnswer: () => json({ redirectUrl: `${CANCEL_URL}&by=guest` }) });
    await screen.findByRole('heading', { name: 'Golf cart, 18 holes' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel and go back' }));
    await waitFor(() => expect(server.assign).toHaveBeenCalledWith(`${CANCEL_URL}&by=guest`));
    expect(server.callsTo('POST', `${CHECKOUT_PATH}/cancel`)).toHaveLength(1);
    expect(pays(server)).toHaveLength(0);
  });

  it('still takes the guest back when cancelling fails', async () => {
    const server = renderPage({ cancelAnswer: () => json({ message: 'Internal error' }, 500) });
    await screen.findByRole('heading', { name: 'Golf cart, 18 holes' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel and go back' }));
    await waitFor(() => expect(server.assign).toHaveBeenCalledWith(CANCEL_URL));
  });

  it.each([404, 400])('says when the link leads to no checkout (%i)', async (status) => {
    renderPage({ checkout: json({ message: 'Unknown checkout' }, status) });
    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
  });

  it('says an expired checkout charged nothing and leads back to the club', async () => {
    const server = renderPage({ checkout: { ...OPEN_CHECKOUT, status: 'expired' } });
    expect(await screen.findByRole('heading', { name: 'This checkout has expired' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
    const until = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(OPEN_CHECKOUT.expiresAt),
    );
    expect(screen.getByText(new RegExp(`open until ${until}. Nothing was charged`))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Demo Golf Club' }));
    expect(server.assign).toHaveBeenCalledWith(CANCEL_URL);
  });

  it('says a paid checkout is paid and offers no second payment', async () => {
    renderPage({ checkout: { ...OPEN_CHECKOUT, status: 'complete' } });
    expect(await screen.findByRole('heading', { name: 'Already paid' })).toBeTruthy();
    expect(screen.getByText('€25.50 has been paid to Demo Golf Club. You can close this page.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('speaks the guest’s language, amounts included', async () => {
    await act(() => changeLocale('de'));
    renderPage({ payAnswer: () => json({ message: 'Your card was declined.', code: 'cardDeclined' }, 402) });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Zahlungs-Sandbox – kein echtes Geld' }),
    ).toBeTruthy();
    await screen.findByRole('heading', { name: 'Golf cart, 18 holes' });
    expect(screen.getByTestId('checkout-amount').textContent).toBe('25,50\u00a0€');
    type(/Kartennummer/, '4000000000000002');
    type(/Ablaufdatum/, '1240');
    type(/Prüfnummer/, '123');
    type(/Name auf der Karte/, 'Ada Lovelace');
    fireEvent.click(screen.getByRole('button', { name: '25,50\u00a0€ zahlen' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Ihre Karte wurde abgelehnt.');
  });
});
