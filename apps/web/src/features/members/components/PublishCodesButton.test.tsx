import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { NotificationHost } from '../../../components/NotificationHost';
import { storeTokens } from '../../../lib/auth-tokens';
import '../../../lib/i18n';
import { dismissAllToasts } from '../../../lib/notifications';
import { SITE_A } from '../../../test/carts';
import { fakeAccessToken } from '../../../test/fake-jwt';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { PublishCodesButton } from './PublishCodesButton';

const STORED_KEY = 'fairway.members.codesPublishedAt';

function renderButton() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationHost />
      <PublishCodesButton siteId={SITE_A} />
    </QueryClientProvider>,
  );
  return screen.getByTestId('members-publish') as HTMLButtonElement;
}

beforeEach(() => {
  localStorage.clear();
  dismissAllToasts();
  storeTokens({ accessToken: fakeAccessToken({ role: 'user' }), refreshToken: 'refresh' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PublishCodesButton', () => {
  it('publishes, tells what reached the carts, and stays disabled after a reload', async () => {
    const server = installFetchMock({
      'POST /api/dashboard/codes/publish': () => json({ devices: 4, codes: 12 }),
    });
    const button = renderButton();
    expect(button.disabled).toBe(false);

    fireEvent.click(button);
    expect(await screen.findByText('Codes published: 12 codes sent to 4 carts')).toBeTruthy();
    expect(server.callsTo('POST', '/api/dashboard/codes/publish')).toHaveLength(1);
    expect(button.disabled).toBe(true);
    expect(button.textContent).toMatch(/wait (30|29) s/);

    // A reload: a new page reads the cooldown from local storage.
    cleanup();
    const reloaded = renderButton();
    expect(reloaded.disabled).toBe(true);
    fireEvent.click(reloaded);
    expect(server.callsTo('POST', '/api/dashboard/codes/publish')).toHaveLength(1);
  });

  it('counts the remaining seconds of a cooldown started before the reload', () => {
    installFetchMock({});
    localStorage.setItem(STORED_KEY, String(Date.now() - 10_000));
    const button = renderButton();
    expect(button.disabled).toBe(true);
    expect(button.textContent).toMatch(/wait (20|19) s/);
  });

  it('is enabled again once the 30 s are over', async () => {
    installFetchMock({});
    localStorage.setItem(STORED_KEY, String(Date.now() - 31_000));
    expect(renderButton().disabled).toBe(false);
    cleanup();

    // The last second of a cooldown runs out while the page is open.
    localStorage.setItem(STORED_KEY, String(Date.now() - 29_500));
    const button = renderButton();
    expect(button.disabled).toBe(true);
    await waitFor(() => expect(button.disabled).toBe(false), { timeout: 3_000 });
    expect(button.textContent).toBe('Publish to devices');
  });

  it("shows the server's message when publishing fails", async () => {
    installFetchMock({
      'POST /api/dashboard/codes/publish': () => json({ message: 'No carts to publish to' }, 409),
    });
    fireEvent.click(renderButton());
    expect(await screen.findByText('No carts to publish to')).toBeTruthy();
  });
});
