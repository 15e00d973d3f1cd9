import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { NotificationHost } from '../../../components/NotificationHost';
import { storeTokens } from '../../../lib/auth-tokens';
import '../../../lib/i18n';
import { dismissAllToasts } from '../../../lib/notifications';
import { SITE_A } from '../../../test/carts';
import { fakeAccessToken } from '../../../test/fake-jwt';
import { installFetchMock, json, type RecordedCall } from '../../../test/fetch-mock';
import { AccountSettingsPage } from './AccountSettingsPage';

const USER_ID = '00000000-0000-4000-8000-0000000000aa';
const AUTH_PATH = '/api/dashboard/auth';
const ACCOUNT = {
  _id: USER_ID,
  email: 'op@example.com',
  role: 'user',
  sites: [SITE_A],
  lang: 'en',
  lastSeen: null,
} as const;

function renderPage(
  patch: (call: RecordedCall) => Response = (call) => json({ ...ACCOUNT, ...(call.body as object) }),
) {
  storeTokens({ accessToken: fakeAccessToken({ role: 'user', sub: USER_ID }), refreshToken: 'refresh' });
  const server = installFetchMock({
    [`GET ${AUTH_PATH}`]: () => json(ACCOUNT),
    [`PATCH ${AUTH_PATH}`]: patch,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <NotificationHost />
        <AccountSettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...server, patches: () => server.callsTo('PATCH', AUTH_PATH).map((call) => call.body) };
}

const card = (name: string) => within(screen.getByRole('form', { name }));
const emailCard = () => card('Change email');
const passwordCard = () => card('Change password');
const input = (scope: ReturnType<typeof card>, label: RegExp) =>
  scope.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

function fillEmail(email: string, confirmation: string, currentPassword = 'old-secret') {
  type(input(emailCard(), /^New email/), email);
  type(input(emailCard(), /^Confirm new email/), confirmation);
  type(input(emailCard(), /^Current password/), currentPassword);
  fireEvent.click(emailCard().getByRole('button', { name: 'Change email' }));
}

function fillPassword(password: string, confirmation: string, currentPassword = 'old-secret') {
  type(input(passwordCard(), /^New password/), password);
  type(input(passwordCard(), /^Confirm new password/), confirmation);
  type(input(passwordCard(), /^Current password/), currentPassword);
  fireEvent.click(passwordCard().getByRole('button', { name: 'Change password' }));
}

/** Says yes in the confirmation dialog; the page is hidden from queries until the dialog has closed. */
async function confirmChange() {
  fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

beforeEach(() => dismissAllToasts());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AccountSettingsPage', () => {
  it('shows the current email', async () => {
    renderPage();
    expect(screen.getByTestId('current-email-loading')).toBeTruthy();
    await waitFor(() => expect(input(emailCard(), /^Current email/).value).toBe('op@example.com'));
  });

  it('blocks an email change whose confirmation does not match', async () => {
    const server = renderPage();
    fillEmail('new@example.com', 'other@example.com');
    expect(await emailCard().findByText('Emails must match')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.patches()).toEqual([]);
  });

  it('refuses the email the account already has', async () => {
    const server = renderPage();
    await waitFor(() => expect(input(emailCard(), /^Current email/).value).toBe('op@example.com'));
    fillEmail('OP@example.com', 'op@example.com');
    expect(await emailCard().findByText('This is already your email')).toBeTruthy();
    expect(server.patches()).toEqual([]);
  });

  it('refuses an invalid email and an empty current password', async () => {
    const server = renderPage();
    fillEmail('not-an-email', 'not-an-email', '');
    expect(await emailCard().findByText('Please enter a valid email address')).toBeTruthy();
    expect(emailCard().getByText('This field is required')).toBeTruthy();
    expect(server.patches()).toEqual([]);
  });

  it('asks "Change email?", then sends the trimmed, lower-cased email with the current password', async () => {
    const server = renderPage();
    await waitFor(() => expect(input(emailCard(), /^Current email/).value).toBe('op@example.com'));
    fillEmail('  New.Op@Example.com ', 'new.op@example.com');
    const dialog = await screen.findByRole('dialog', { name: 'Change email?' });
    expect(dialog.textContent).toContain('From now on you log in with new.op@example.com.');
    expect(server.patches()).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('Email updated successfully')).toBeTruthy();
    expect(server.patches()).toEqual([{ email: 'new.op@example.com', currentPassword: 'old-secret' }]);
    // The answer is the account: the new email shows at once, and the form is empty again.
    await waitFor(() => expect(input(emailCard(), /^Current email/).value).toBe('new.op@example.com'));
    expect(input(emailCard(), /^New email/).value).toBe('');
    expect(input(emailCard(), /^Current password/).value).toBe('');
  });

  it('shows a wrong current password on its field', async () => {
    const server = renderPage(() =>
      json({ message: 'Current password is incorrect', code: 'currentPasswordWrong' }, 400),
    );
    fillEmail('new@example.com', 'new@example.com', 'wrong');
    await confirmChange();
    expect(await emailCard().findByText('Current password is incorrect')).toBeTruthy();
    expect(input(emailCard(), /^Current password/).getAttribute('aria-invalid')).toBe('true');
    expect(server.patches()).toHaveLength(1);
    expect(screen.queryByText('Email updated successfully')).toBeNull();
  });

  it('shows a taken email on the email field', async () => {
    renderPage(() =>
      json({ message: 'Email already exists, please use a different email and try again.' }, 409),
    );
    fillEmail('taken@example.com', 'taken@example.com');
    await confirmChange();
    expect(
      await emailCard().findByText('Email already exists, please use a different email and try again.'),
    ).toBeTruthy();
    expect(input(emailCard(), /^New email/).getAttribute('aria-invalid')).toBe('true');
  });

  it('blocks a password change whose confirmation does not match, or that is too short', async () => {
    const server = renderPage();
    fillPassword('long-enough', 'long-enougH');
    expect(await passwordCard().findByText('Passwords must match')).toBeTruthy();
    fillPassword('short', 'short');
    expect(await passwordCard().findByText('Must be at least 6 characters')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.patches()).toEqual([]);
  });

  it('asks "Change password?", then sends the new and the current password', async () => {
    const server = renderPage();
    fillPassword('new-secret', 'new-secret');
    const dialog = await screen.findByRole('dialog', { name: 'Change password?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password updated successfully')).toBeTruthy();
    expect(server.patches()).toEqual([{ password: 'new-secret', currentPassword: 'old-secret' }]);
    await waitFor(() => expect(input(passwordCard(), /^New password/).value).toBe(''));
  });

  it('sends nothing when the password change is not confirmed', async () => {
    const server = renderPage();
    fillPassword('new-secret', 'new-secret');
    const dialog = await screen.findByRole('dialog', { name: 'Change password?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.patches()).toEqual([]);
    expect(input(passwordCard(), /^New password/).value).toBe('new-secret');
  });

  it('shows a wrong current password on the password card too', async () => {
    renderPage(() => json({ message: 'Current password is incorrect', code: 'currentPasswordWrong' }, 400));
    fillPassword('new-secret', 'new-secret', 'wrong');
    await confirmChange();
    expect(await passwordCard().findByText('Current password is incorrect')).toBeTruthy();
    expect(input(passwordCard(), /^Current password/).getAttribute('aria-invalid')).toBe('true');
  });

  it('offers show/hide on every password field', async () => {
    renderPage();
    const field = input(passwordCard(), /^New password/);
    expect(field.type).toBe('password');
    fireEvent.click(passwordCard().getAllByRole('button', { name: 'Show password' })[0]!);
    expect(field.type).toBe('text');
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(3);
  });
});
