import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, getRefreshToken, storeTokens } from '../lib/auth-tokens';
import { dismissAllToasts } from '../lib/notifications';
import { setSelectedSite } from '../lib/selected-site';
import { SITE_A, SITE_B } from '../test/carts';
import { fakeAccessToken } from '../test/fake-jwt';
import { installFetchMock, json } from '../test/fetch-mock';
import type * as SocketModule from '../lib/socket';
import { App } from './App';
import { createQueryClient } from './query-client';
import { createAppRoutes } from './router';

// The guards are under test, not the map or the live connection: stand-ins keep jsdom away from Leaflet
// and from opening a real socket.
vi.mock('../features/map/MapPage', () => ({ MapPage: () => <h1>Map page</h1> }));
vi.mock('../features/fleet/FleetPage', () => ({ FleetPage: () => <h1>Fleet page</h1> }));
vi.mock('../lib/socket', async (importOriginal) => {
  const { FakeSocket } = await import('../test/fake-socket');
  return {
    ...(await importOriginal<typeof SocketModule>()),
    createSocket: () => new FakeSocket().asSocket(),
  };
});

/** Waits for a redirect whose lazy page loads beside it: a limit, not a timing assertion. */
const LAZY_PAGE = { timeout: 15_000 };

const USER_ID = '00000000-0000-4000-8000-0000000000aa';
const demoSite = {
  _id: SITE_A,
  name: 'Demo Golf Club',
  centerLatLong: '50.0, 14.0',
  timezone: 'Europe/Prague',
  currency: 'EUR',
};

function signInAs(role: 'basic' | 'admin' | 'superadmin') {
  storeTokens({ accessToken: fakeAccessToken({ role, sub: USER_ID }), refreshToken: 'refresh' });
}

function mockServer(overrides: Parameters<typeof installFetchMock>[0] = {}) {
  return installFetchMock({
    'GET /api/dashboard/sites/list': () => json([demoSite]),
    'GET /api/dashboard/auth': () =>
      json({
        _id: USER_ID,
        email: 'someone@example.com',
        role: 'admin',
        sites: [SITE_A],
        lang: 'en',
        lastSeen: null,
      }),
    'GET /api/dashboard/devices': () => json([]),
    'POST /api/dashboard/auth/logout': () => new Response(null, { status: 204 }),
    ...overrides,
  });
}

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [path] });
  render(<App router={router} queryClient={queryClient} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  dismissAllToasts();
  // jsdom does not implement scrolling; ScrollRestoration calls it on every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('auth guard', () => {
  it('sends an unauthenticated visitor to /login, remembering the page', async () => {
    mockServer();
    const router = renderAt('/fleet');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/fleet');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('lets a signed-in operator in and selects the first site', { timeout: 30_000 }, async () => {
    signInAs('admin');
    mockServer();
    const router = renderAt('/fleet');
    // The first render of the file imports the app shell: slow on a loaded machine.
    expect(await screen.findByRole('heading', { name: 'Fleet page' }, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fleet');
    expect(JSON.parse(localStorage.getItem('fairway.selectedSite') ?? 'null')).toEqual({
      siteId: SITE_A,
      userId: USER_ID,
    });
  });

  it('sends a signed-in user away from the login pages to the map', async () => {
    signInAs('admin');
    mockServer();
    const router = renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Map page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('renews an expired access token with the refresh token before letting the user in', async () => {
    storeTokens({
      accessToken: fakeAccessToken({ role: 'admin', expiresInSeconds: -5 }),
      refreshToken: 'refresh',
    });
    const fresh = fakeAccessToken({ role: 'admin', sub: USER_ID });
    const { callsTo } = mockServer({
      'POST /api/dashboard/auth/refresh': () => json({ accessToken: fresh, refreshToken: 'r2' }),
    });
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Map page' })).toBeTruthy();
    expect(callsTo('POST', '/api/dashboard/auth/refresh')).toHaveLength(1);
    expect(getAccessToken()).toBe(fresh);
  });

  it('moves to the first site when the remembered one is no longer among the user’s sites', async () => {
    signInAs('admin');
    setSelectedSite(SITE_B, USER_ID);
    mockServer();
    const router = renderAt('/');
    expect(
      await screen.findByText('The site you had open is no longer available. Now showing Demo Golf Club.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(getAccessToken()).not.toBeNull();
    expect(JSON.parse(localStorage.getItem('fairway.selectedSite')!)).toMatchObject({ siteId: SITE_A });
  });

  it('logs out with "Something went wrong" when the sites cannot be loaded', async () => {
    signInAs('admin');
    mockServer({ 'GET /api/dashboard/sites/list': () => json({ message: 'Database down' }, 500) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderAt('/');
    // After one retry (a blip should not log anyone out).
    expect(
      await screen.findByText('Something went wrong, please try again', {}, { timeout: 3_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(getRefreshToken()).toBeNull();
    expect(logged).toHaveBeenCalledWith(
      'Loading the sites after login failed',
      expect.objectContaining({ status: 500 }),
    );
    logged.mockRestore();
  });
});

describe('admin guard', () => {
  it('redirects staff (role basic) from /admin to the map', async () => {
    signInAs('basic');
    mockServer();
    const router = renderAt('/admin');
    // The router loads a lazy admin page's code beside the guard's loader (a first import of a real page
    // can take seconds on a busy machine); the guard still wins.
    expect(await screen.findByRole('heading', { name: 'Map page' }, LAZY_PAGE)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('redirects an admin (below superadmin) too', async () => {
    signInAs('admin');
    mockServer();
    const router = renderAt('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), LAZY_PAGE);
  });

  it('lets a superadmin in and opens the dashboard section', async () => {
    signInAs('superadmin');
    mockServer();
    const router = renderAt('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByRole('tab', { name: 'Dashboard', selected: true })).toBeTruthy();
  });

  it('shows the Admin navigation item to a superadmin only', async () => {
    signInAs('superadmin');
    mockServer();
    renderAt('/fleet');
    await screen.findByRole('heading', { name: 'Fleet page' });
    expect(screen.getAllByRole('link', { name: 'Admin' }).length).toBeGreaterThan(0);
    cleanup();

    signInAs('basic');
    renderAt('/fleet');
    await screen.findByRole('heading', { name: 'Fleet page' });
    expect(screen.getAllByRole('link', { name: 'Fleet' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});

describe('layouts and redirects', () => {
  it('opens /settings on its general section inside the settings layout', async () => {
    signInAs('admin');
    mockServer();
    const router = renderAt('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/general'));
    expect(await screen.findByRole('heading', { name: 'General' })).toBeTruthy();
    // The settings layout adds the section menu beside the page.
    expect(screen.getAllByRole('link', { name: 'Account' }).length).toBeGreaterThan(0);
  });

  it('opens /charts on revenue', { timeout: 30_000 }, async () => {
    signInAs('admin');
    mockServer();
    const router = renderAt('/charts');
    // The reports layout is a lazy route (it brings the date pickers): its first import takes a moment.
    await waitFor(() => expect(router.state.location.pathname).toBe('/charts/revenue'), { timeout: 20_000 });
  });
});
