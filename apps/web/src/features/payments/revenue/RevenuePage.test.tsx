import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { setSelectedSite } from '../../../lib/selected-site';
import { SITE_A, SITE_B } from '../../../test/carts';
import { json } from '../../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../../test/operator-session';
import { makeBalance, makePayment, makePaymentsPage, makePayout, unixSeconds } from './testing/fixtures';
import { renderRevenuePage } from './testing/render-revenue-page';

/** Intl writes no-break and narrow spaces in amounts and dates; plain spaces read the same in a test. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const card = (name: string) => within(screen.getByRole('region', { name }));
/** The value of a labelled figure (dt/dd) inside `scope`. */
const figure = (scope: ReturnType<typeof card>, label: string) =>
  plain(scope.getByRole('definition', { name: label }).textContent);

async function choose(combobox: HTMLElement, option: string) {
  fireEvent.mouseDown(combobox);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const TWO_CURRENCIES = makeBalance({
  balance: {
    available: [
      { currency: 'EUR', amount: 12000 },
      { currency: 'DKK', amount: 50000 },
    ],
    pending: [
      { currency: 'EUR', amount: 3050 },
      { currency: 'DKK', amount: 7525 },
    ],
  },
  dashboardUrl: 'http://localhost/sandbox/dashboard/acct_sbx_1',
});

resetOperatorSessionAroundEachTest();
afterEach(async () => {
  vi.useRealTimers();
  await changeLocale('en');
});

describe('RevenuePage', { timeout: 20_000 }, () => {
  it('shows the balance per currency: total, available to pay out, available soon, and the dashboard link', async () => {
    renderRevenuePage({ balance: () => json(TWO_CURRENCIES) });
    await screen.findByRole('definition', { name: 'Total' });
    const balance = card('Balance');
    // The site's own currency first.
    expect(balance.getByRole('combobox', { name: 'Currency' }).textContent).toBe('EUR');
    expect(figure(balance, 'Total')).toBe('€150.50');
    expect(figure(balance, 'Available to pay out')).toBe('€120.00');
    expect(figure(balance, 'Available soon')).toBe('€30.50');
    const link = balance.getByRole('link', { name: 'Open payment dashboard' });
    expect(link.getAttribute('href')).toBe('http://localhost/sandbox/dashboard/acct_sbx_1');
    expect(link.getAttribute('target')).toBe('_blank');

    await choose(balance.getByRole('combobox', { name: 'Currency' }), 'DKK');
    await waitFor(() => expect(figure(card('Balance'), 'Total')).toBe('DKK 575.25'));
    expect(figure(card('Balance'), 'Available to pay out')).toBe('DKK 500.00');
    expect(figure(card('Balance'), 'Available soon')).toBe('DKK 75.25');
  });

  it('says there is no balance yet, without a dashboard link before onboarding', async () => {
    renderRevenuePage({ balance: () => json(makeBalance()) });
    expect(await screen.findByText('No balance yet')).toBeTruthy();
    expect(card('Balance').queryByRole('link')).toBeNull();
    expect(card('Payouts').getByText('No payouts yet')).toBeTruthy();
  });

  it('offers a retry when the balance cannot be loaded', async () => {
    let fail = true;
    const server = renderRevenuePage({
      balance: () => (fail ? json({ message: 'Provider unavailable' }, 409) : json(TWO_CURRENCIES)),
    });
    const balanceCard = await screen.findByRole('region', { name: 'Balance' });
    const alert = await within(balanceCard).findByRole('alert');
    expect(alert.textContent).toContain('Could not load the balance');
    expect(alert.textContent).toContain('Provider unavailable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(figure(card('Balance'), 'Total')).toBe('€150.50'));
    expect(server.callsTo('GET', '/api/dashboard/payments/balance').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a chosen payout: sent, arrived, bank, last digits, Paid or Withdrawn, amount', async () => {
    const paid = makePayout();
    const withdrawn = makePayout({
      amount: -2500,
      created: unixSeconds('2026-11-03T08:00:00Z'),
      arrival_date: unixSeconds('2026-11-04T08:00:00Z'),
      destination: { bank_name: null, last4: null },
    });
    renderRevenuePage({ balance: () => json(makeBalance({ payouts: { data: [paid, withdrawn] } })) });
    await screen.findByRole('definition', { name: 'Sent' });
    const payouts = card('Payouts');
    expect(payouts.getByText('Paid')).toBeTruthy();
    expect(figure(payouts, 'Amount')).toBe('€120.00Paid');
    expect(figure(payouts, 'Sent')).toBe('10/11/2026');
    expect(figure(payouts, 'Arrived')).toBe('12/11/2026');
    expect(figure(payouts, 'Bank')).toBe('Sparkasse');
    expect(figure(payouts, 'Account')).toBe('ending in 4321');

    await choose(payouts.getByRole('combobox', { name: 'Payout date' }), '04/11/2026 · -€25.00');
    await waitFor(() => expect(card('Payouts').getByText('Withdrawn')).toBeTruthy());
    expect(card('Payouts').queryByText('Paid')).toBeNull();
    expect(figure(card('Payouts'), 'Sent')).toBe('03/11/2026');
    expect(figure(card('Payouts'), 'Bank')).toBe('Not given');
    expect(figure(card('Payouts'), 'Account')).toBe('Not given');
  });

  it("shows the period's payment count, gross and net revenue", async () => {
    renderRevenuePage({
      payments: () =>
        json(
          makePaymentsPage([makePayment()], {
            summary: {
              count: 1234,
              gross: [
                { currency: 'EUR', amount: 250000 },
                { currency: 'DKK', amount: 10000 },
              ],
              net: [{ currency: 'EUR', amount: 230050 }],
            },
          }),
        ),
    });
    await waitFor(() =>
      expect(plain(card('Payments').getByTestId('figure-value').textContent)).toBe('1,234'),
    );
    expect(plain(card('Gross revenue').getByTestId('figure-value').textContent)).toBe('€2,500.00DKK 100.00');
    expect(plain(card('Net revenue').getByTestId('figure-value').textContent)).toBe('€2,300.50');
  });

  it('shows zero in the site currency for a period without takings', async () => {
    renderRevenuePage();
    await waitFor(() => expect(card('Payments').getByTestId('figure-value').textContent).toBe('0'));
    expect(plain(card('Gross revenue').getByTestId('figure-value').textContent)).toBe('€0.00');
  });

  it("asks for the current month by default, from the site's midnight, newest first, 25 a page", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-15T10:00:00Z'));
    const server = renderRevenuePage({ url: '/charts/revenue' });
    await waitFor(() => expect(server.paymentQueries.length).toBeGreaterThan(0));
    // Prague is UTC+1 in November.
    expect(server.lastPaymentQuery()).toEqual({
      page: '1',
      limit: '25',
      sort: 'createdAt:desc',
      start: '2026-10-31T23:00:00.000Z',
      end: '2026-11-30T23:00:00.000Z',
    });
    expect(server.callsTo('GET', '/api/dashboard/payments')[0]?.headers['site-id']).toBe(SITE_A);
  });

  it('asks again when the period or the site changes', async () => {
    const server = renderRevenuePage();
    await waitFor(() => expect(server.paymentQueries.length).toBe(1));
    expect(server.lastPaymentQuery().start).toBe('2026-10-31T23:00:00.000Z');

    await act(() => server.router.navigate('/charts/revenue?start=2026-10-01&end=2026-10-31'));
    // 1 October is still summer time in Prague (UTC+2).
    await waitFor(() => expect(server.lastPaymentQuery().start).toBe('2026-09-30T22:00:00.000Z'));
    expect(server.lastPaymentQuery().end).toBe('2026-10-31T23:00:00.000Z');

    const before = server.callsTo('GET', '/api/dashboard/payments').length;
    act(() => setSelectedSite(SITE_B, null));
    await waitFor(() =>
      expect(server.callsTo('GET', '/api/dashboard/payments').length).toBeGreaterThan(before),
    );
    expect(server.callsTo('GET', '/api/dashboard/payments').at(-1)?.headers['site-id']).toBe(SITE_B);
    expect(server.callsTo('GET', '/api/dashboard/payments/balance').at(-1)?.headers['site-id']).toBe(SITE_B);
  });

  it('speaks the interface language: German labels, amounts and statuses', async () => {
    await act(() => changeLocale('de'));
    renderRevenuePage({
      balance: () => json(TWO_CURRENCIES),
      payments: () => json(makePaymentsPage([makePayment({ status: 'pending' })])),
    });
    await screen.findByRole('definition', { name: 'Gesamt' });
    expect(figure(card('Guthaben'), 'Zur Auszahlung verfügbar')).toBe('120,00 €');
    expect(figure(card('Guthaben'), 'Bald verfügbar')).toBe('30,50 €');
    const history = card('Zahlungsverlauf');
    expect(await history.findByText('Ausstehend', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(history.getByRole('button', { name: 'Fehlgeschlagen' })).toBeTruthy();
    expect(history.getByRole('columnheader', { name: 'Gebühren' })).toBeTruthy();
    expect(plain(history.getByRole('row', { name: /Alice Green/ }).textContent)).toContain('25,00 €');
  });
  it('tells basic staff once that revenue is not for their role, and asks the server for none of it', async () => {
    const server = renderRevenuePage({ role: 'basic' });
    expect(await screen.findByRole('heading', { name: 'Revenue is for managers' })).toBeTruthy();
    const toUsage = screen.getByRole('link', { name: 'Open usage' });
    expect(toUsage.getAttribute('href')).toBe('/charts/usage?start=2026-11-01&end=2026-11-30');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    // The account answers (and confirms the role) before the test looks at what was asked.
    await waitFor(() => expect(server.callsTo('GET', '/api/dashboard/auth').length).toBeGreaterThan(0));
    expect(server.callsTo('GET', '/api/dashboard/payments')).toEqual([]);
    expect(server.callsTo('GET', '/api/dashboard/payments/balance')).toEqual([]);
  });
});
