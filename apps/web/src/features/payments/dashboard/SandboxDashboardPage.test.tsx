import type { SandboxDashboardView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { clearTokens, storeTokens } from '../../../lib/auth-tokens';
import { fakeAccessToken } from '../../../test/fake-jwt';
import { changeLocale } from '../../../lib/i18n';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { SandboxDashboardPage } from './SandboxDashboardPage';

const ACCOUNT_ID = 'acct_sbx_0123456789abcdef01234567';
const DASHBOARD_PATH = `/api/sandbox/accounts/${ACCOUNT_ID}/dashboard`;
/** 2026-11-12 10:00 UTC and two days later, as the provider's unix seconds. */
const NOV_12 = Date.UTC(2026, 10, 12, 10) / 1000;
const NOV_14 = NOV_12 + 2 * 86_400;

const DASHBOARD: SandboxDashboardView = {
  id: ACCOUNT_ID,
  businessName: 'Demo Golf Club',
  active: true,
  balance: {
    available: [
      { currency: 'EUR', amount: 12_345 },
      { currency: 'DKK', amount: 50_000 },
    ],
    pending: [
      { currency: 'EUR', amount: 2_550 },
      { currency: 'CZK', amount: 31_250 },
    ],
  },
  payouts: [
    {
      id: 'po_sbx_1',
      amount: 10_000,
      currency: 'EUR',
      created: NOV_12,
      arrival_date: NOV_14,
      destination: { bank_name: 'Test Bank', last4: '3000' },
    },
    {
      id: 'po_sbx_2',
      amount: -2_000,
      currency: 'EUR',
      created: NOV_12,
      arrival_date: NOV_14,
      destination: { bank_name: null, last4: null },
    },
  ],
  charges: [
    {
      id: 'ch_sbx_1',
      amount: 2_550,
      currency: 'EUR',
      fee: 62,
      applicationFee: 51,
      refunded: false,
      created: NOV_12,
      description: 'Golf cart, 18 holes',
    },
    {
      id: 'ch_sbx_2',
      amount: 1_500,
      currency: 'EUR',
      fee: 47,
      applicationFee: 30,
      refunded: true,
      created: NOV_14,
      description: 'Golf cart, 9 holes',
    },
  ],
};

function renderPage(answer: SandboxDashboardView | Response = DASHBOARD) {
  const server = installFetchMock({
    [`GET ${DASHBOARD_PATH}`]: () => (answer instanceof Response ? answer : json(answer)),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/sandbox/dashboard/${ACCOUNT_ID}`]}>
        <Routes>
          <Route path="/sandbox/dashboard/:accountId" element={<SandboxDashboardPage />} />
          <Route path="/sandbox/onboarding/:accountId" element={<p>Onboarding page</p>} />
          <Route path="/charts/revenue" element={<p>Revenue page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return server;
}

const shown = (element: HTMLElement) => element.textContent?.replace(/\u00a0/g, ' ');
const mediumDate = (seconds: number) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(seconds * 1000));

/** The club's admin is signed in: the account behind this page is theirs only (issue #15). */
const ADMIN_TOKEN = fakeAccessToken({ role: 'admin' });
beforeEach(async () => {
  storeTokens({ accessToken: ADMIN_TOKEN, refreshToken: 'refresh' });
  await changeLocale('en');
});
afterEach(async () => {
  clearTokens();
  cleanup();
  vi.unstubAllGlobals();
  await changeLocale('en');
});

describe('SandboxDashboardPage', () => {
  it("says it is a sandbox and whose active account it is, asking as the club's admin", async () => {
    const server = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Payments sandbox — no real money' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading the account' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Demo Golf Club' })).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Complete onboarding' })).toBeNull();
    expect(server.calls[0]?.headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('shows available and pending money per currency', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Demo Golf Club' });
    expect(shown(screen.getByTestId('balance-EUR'))).toBe('Available€123.45Pending€25.50');
    // Money in only one of the lists still gets its card, the other figure zero.
    expect(shown(screen.getByTestId('balance-DKK'))).toBe('AvailableDKK 500.00PendingDKK 0.00');
    expect(shown(screen.getByTestId('balance-CZK'))).toBe('AvailableCZK 0.00PendingCZK 312.50');
  });

  it('lists payouts with their dates, bank and the Paid or Withdrawn tag', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Payouts' });
    const [paid, withdrawn] = within(list).getAllByRole('listitem');
    expect(shown(paid!)).toContain('€100.00Paid');
    expect(shown(paid!)).toContain(`Sent ${mediumDate(NOV_12)} · Arrival ${mediumDate(NOV_14)}`);
    expect(shown(paid!)).toContain('Test Bank •••• 3000');
    expect(shown(withdrawn!)).toContain('-€20.00Withdrawn');
    expect(shown(withdrawn!)).toContain('Bank account');
  });

  it('lists charges with amount, fees and refunds', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Charges' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(shown(first!)).toContain('Golf cart, 18 holes');
    expect(shown(first!)).toContain('€25.50Fees €1.13');
    expect(within(first!).queryByText('Refunded')).toBeNull();
    expect(shown(second!)).toContain('€15.00Fees €0.77');
    expect(within(second!).getByText('Refunded')).toBeTruthy();
  });

  it('says so where an account has nothing yet, and leads an unfinished one to its onboarding', async () => {
    renderPage({
      ...DASHBOARD,
      active: false,
      balance: { available: [], pending: [] },
      payouts: [],
      charges: [],
    });
    expect(await screen.findByText('Onboarding not completed')).toBeTruthy();
    expect(screen.getByText('No balance yet. Paid checkouts appear here.')).toBeTruthy();
    expect(screen.getByText('No payouts yet.')).toBeTruthy();
    expect(screen.getByText('No charges yet. Payments made through the checkout appear here.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Complete onboarding' }));
    expect(await screen.findByText('Onboarding page')).toBeTruthy();
  });

  it.each([404, 400])('leads back to Fairway from an unknown account (%i)', async (status) => {
    renderPage(json({ message: 'Unknown account' }, status));
    expect(await screen.findByRole('heading', { name: 'Account not found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to Revenue' }));
    expect(await screen.findByText('Revenue page')).toBeTruthy();
  });

  it('speaks the club’s language', async () => {
    await act(() => changeLocale('cs'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Výplaty' })).toBeTruthy();
    expect(screen.getByText('Strženo')).toBeTruthy();
    expect(shown(screen.getByTestId('balance-EUR'))).toBe('K dispozici123,45 €Čeká na připsání25,50 €');
  });
});
