import type { Role, SiteView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { NotificationHost } from '../../../components/NotificationHost';
import { storeTokens } from '../../../lib/auth-tokens';
import '../../../lib/i18n';
import { dismissAllToasts } from '../../../lib/notifications';
import { setSelectedSite } from '../../../lib/selected-site';
import { SITE_A } from '../../../test/carts';
import { fakeAccessToken } from '../../../test/fake-jwt';
import { installFetchMock, json, type RecordedCall } from '../../../test/fetch-mock';
import { makeSite } from '../../commands/testing/fixtures';
import { useSite } from '../../sites';
import { PublishSettingsBar } from './PublishSettingsBar';

const USER_ID = '00000000-0000-4000-8000-0000000000aa';
const SITE_PATH = '/api/dashboard/sites';

/** The bar as a page uses it: fed the cached site, which a publish replaces. */
function BarOnCachedSite() {
  const site = useSite(SITE_A);
  return site.data ? <PublishSettingsBar site={site.data} /> : <p>Loading site</p>;
}

function renderBar(
  site: Partial<SiteView>,
  { role = 'admin', patch }: { role?: Role; patch?: (call: RecordedCall) => Response } = {},
) {
  storeTokens({ accessToken: fakeAccessToken({ role, sub: USER_ID }), refreshToken: 'refresh' });
  const saved = makeSite({ devices: 3, ...site });
  const server = installFetchMock({
    [`GET ${SITE_PATH}`]: () => json(saved),
    'GET /api/dashboard/auth': () =>
      json({ _id: USER_ID, email: 'op@example.com', role, sites: [SITE_A], lang: 'en', lastSeen: null }),
    [`PATCH ${SITE_PATH}`]: patch ?? (() => json({ ...saved, unpublishedChanges: [] })),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <NotificationHost />
        <BarOnCachedSite />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...server, patches: () => server.callsTo('PATCH', SITE_PATH).map((call) => call.body) };
}

const unpublishedList = () => screen.findByRole('list', { name: 'Settings not on the carts yet' });

beforeEach(() => {
  dismissAllToasts();
  setSelectedSite(SITE_A, USER_ID);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PublishSettingsBar', () => {
  it('shows nothing while the carts run what is saved', async () => {
    renderBar({ unpublishedChanges: [] });
    await waitFor(() => expect(screen.queryByText('Loading site')).toBeNull());
    expect(screen.queryByTestId('unpublished-settings')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish to carts' })).toBeNull();
  });

  it('lists the saved settings the carts do not have yet, by their names', async () => {
    renderBar({ unpublishedChanges: ['wifiSSID', 'autoLock', 'masterUnlock'] });
    const items = within(await unpublishedList()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'WiFi network name',
      'Auto-lock',
      'Master unlock code',
    ]);
    expect(
      screen.getByText('Unpublished changes: 3 settings are saved but not on the carts yet'),
    ).toBeTruthy();
  });

  it('publishes to every cart of the site after confirmation, then points to the fleet', async () => {
    const server = renderBar({ unpublishedChanges: ['lockFrom'] });
    await unpublishedList();
    fireEvent.click(screen.getByRole('button', { name: 'Publish to carts' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish to carts?' });
    expect(dialog.textContent).toContain('The saved settings are sent to all 3 carts of the site.');
    expect(server.patches()).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Settings published to 3 carts')).toBeTruthy();
    expect(server.patches()).toEqual([{ updateData: {}, publish: true }]);
    // The answer has no unpublished changes left: the warning gives way to where to follow the carts.
    expect(screen.queryByTestId('unpublished-settings')).toBeNull();
    expect(screen.getByText('Published to 3 carts')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See which carts have confirmed' }).getAttribute('href')).toBe(
      '/fleet',
    );
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const server = renderBar({ unpublishedChanges: ['recoveryMode'] });
    await unpublishedList();
    fireEvent.click(screen.getByRole('button', { name: 'Publish to carts' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.patches()).toEqual([]);
    expect(screen.getByTestId('unpublished-settings')).toBeTruthy();
  });

  it("shows the server's reason when publishing fails and keeps the list", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderBar(
      { unpublishedChanges: ['wifiEnabled'] },
      { patch: () => json({ message: 'Site not found' }, 404) },
    );
    await unpublishedList();
    fireEvent.click(screen.getByRole('button', { name: 'Publish to carts' }));
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText('Site not found')).toBeTruthy();
    expect(screen.getByTestId('unpublished-settings')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it('tells roles below admin that an admin publishes, without the button', async () => {
    renderBar({ unpublishedChanges: ['timezone'] }, { role: 'user' });
    const items = within(await unpublishedList()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Time zone']);
    expect(screen.getByText('An admin can publish them to the carts.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish to carts' })).toBeNull();
  });
});
