import type { SandboxAccountView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { clearTokens, storeTokens } from '../../../lib/auth-tokens';
import { fakeAccessToken } from '../../../test/fake-jwt';
import '../../../lib/i18n';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { SandboxOnboardingPage } from './SandboxOnboardingPage';

const ACCOUNT_ID = 'acct_sbx_0123456789abcdef01234567';
const ACCOUNT_PATH = `/api/sandbox/accounts/${ACCOUNT_ID}`;
const RETURN = '/settings/booking?onboarding=return';

function renderPage({
  account = { id: ACCOUNT_ID, businessName: 'Demo Golf Club', active: false },
  returnParam = RETURN,
  completeAnswer = (body: unknown) => json({ id: ACCOUNT_ID, ...(body as object), active: true }),
}: {
  account?: SandboxAccountView | Response;
  returnParam?: string;
  completeAnswer?: (body: unknown) => Response;
} = {}) {
  const server = installFetchMock({
    [`GET ${ACCOUNT_PATH}`]: () => (account instanceof Response ? account : json(account)),
    [`POST ${ACCOUNT_PATH}/complete`]: (call) => completeAnswer(call.body),
  });
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter
        initialEntries={[`/sandbox/onboarding/${ACCOUNT_ID}?${new URLSearchParams({ return: returnParam })}`]}
      >
        <Routes>
          <Route path="/sandbox/onboarding/:accountId" element={<SandboxOnboardingPage />} />
          <Route path="/settings/booking" element={<p>Booking settings page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...server, assign };
}

const businessName = () =>
  screen.findByRole('textbox', { name: /Business name/ }) as Promise<HTMLInputElement>;
const complete = () => fireEvent.click(screen.getByRole('button', { name: 'Complete onboarding' }));

/** The club's admin is signed in: the account behind this page is theirs only (issue #15). */
const ADMIN_TOKEN = fakeAccessToken({ role: 'admin' });
beforeEach(() => storeTokens({ accessToken: ADMIN_TOKEN, refreshToken: 'refresh' }));
afterEach(() => {
  clearTokens();
  cleanup();
  vi.unstubAllGlobals();
});

describe('SandboxOnboardingPage', () => {
  it('says it is a sandbox and shows the business name and the test bank account', async () => {
    const server = renderPage();
    expect(screen.getByRole('heading', { name: 'Payments sandbox — no real money', level: 1 })).toBeTruthy();
    expect((await businessName()).value).toBe('Demo Golf Club');
    const iban = screen.getByRole('textbox', { name: 'Bank account (IBAN)' }) as HTMLInputElement;
    expect([iban.value, iban.readOnly]).toEqual(['DE89 3704 0044 0532 0130 00', true]);
    // The club's admin completes it: an account id alone opens nothing.
    expect(server.calls[0]?.headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('completes onboarding with the business name, then returns to Fairway', async () => {
    const server = renderPage();
    fireEvent.change(await businessName(), { target: { value: ' Demo Golf Club s.r.o. ' } });
    complete();
    await waitFor(() => expect(server.assign).toHaveBeenCalledWith(RETURN));
    expect(server.callsTo('POST', `${ACCOUNT_PATH}/complete`)[0]?.body).toEqual({
      businessName: 'Demo Golf Club s.r.o.',
    });
  });

  it.each(['https://evil.example/settings', '//evil.example/settings', 'settings/booking'])(
    'ignores a return address that leaves the app (%s)',
    async (returnParam) => {
      const server = renderPage({ returnParam });
      await businessName();
      complete();
      await waitFor(() => expect(server.assign).toHaveBeenCalledWith(RETURN));
      expect(server.assign).toHaveBeenCalledTimes(1);
    },
  );

  it('requires a business name', async () => {
    const server = renderPage();
    fireEvent.change(await businessName(), { target: { value: '  ' } });
    complete();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(server.callsTo('POST', `${ACCOUNT_PATH}/complete`)).toHaveLength(0);
    expect(server.assign).not.toHaveBeenCalled();
  });

  it('stays on the page and says why when completing fails', async () => {
    const server = renderPage({ completeAnswer: () => json({ message: 'Unknown account' }, 404) });
    await businessName();
    complete();
    expect(await screen.findByText('Could not complete the onboarding: Unknown account')).toBeTruthy();
    expect(server.assign).not.toHaveBeenCalled();
  });

  it('leads back to the booking settings from an unknown account', async () => {
    renderPage({ account: json({ message: 'Unknown account' }, 404) });
    expect(await screen.findByText('Account not found')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to booking settings' }));
    expect(await screen.findByText('Booking settings page')).toBeTruthy();
  });

  it('says an active account needs nothing more and offers the way back', async () => {
    const server = renderPage({ account: { id: ACCOUNT_ID, businessName: 'Demo Golf Club', active: true } });
    expect(await screen.findByText('Payments are already active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete onboarding' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Fairway' }));
    expect(server.assign).toHaveBeenCalledWith(RETURN);
  });
});
