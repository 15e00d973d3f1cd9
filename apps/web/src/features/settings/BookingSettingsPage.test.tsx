import type { Role, SiteView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { NotificationHost } from '../../components/NotificationHost';
import { storeTokens } from '../../lib/auth-tokens';
import '../../lib/i18n';
import { makeCart, SITE_A } from '../../test/carts';
import { fakeAccessToken } from '../../test/fake-jwt';
import { installFetchMock, json } from '../../test/fetch-mock';
import { makeSite } from '../commands/testing/fixtures';
import { siteQueryOptions } from '../sites';
import { BookingSettingsPage } from './BookingSettingsPage';
import { resetOperatorSessionAroundEachTest } from '../../test/operator-session';

const USER_ID = '00000000-0000-4000-8000-0000000000aa';
const SITE_PATH = '/api/dashboard/sites';
const ONBOARDED = { ...makeSite().stripeConfig, accountId: 'acct_sbx_1', accountActive: true };

interface Setup {
  role?: Role;
  routes?: Parameters<typeof installFetchMock>[0];
  site?: SiteView;
  url?: string;
  /** A site already in the cache, as when the operator was on the page before leaving for the provider. */
  cached?: SiteView;
}

function renderPage({
  role = 'admin',
  site = makeSite(),
  url = '/settings/booking',
  cached,
  routes = {},
}: Setup = {}) {
  storeTokens({ accessToken: fakeAccessToken({ role, sub: USER_ID }), refreshToken: 'refresh' });
  const server = installFetchMock({
    [`GET ${SITE_PATH}`]: () => json(site),
    'GET /api/dashboard/auth': () =>
      json({ _id: USER_ID, email: 'op@example.com', role, sites: [SITE_A], lang: 'en', lastSeen: null }),
    'GET /api/dashboard/sites/user-groups': () => json([]),
    'GET /api/dashboard/devices': () => json([makeCart({ carNumber: '7', bookableOnline: true })]),
    ...routes,
  });
  const queryClient = createQueryClient();
  if (cached) queryClient.setQueryData(siteQueryOptions(SITE_A).queryKey, cached);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <NotificationHost />
        <BookingSettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return server;
}

const heading = (name: string) => screen.queryByRole('heading', { name, level: 2 });
/** The site's own cards appear once it is loaded. */
const loaded = () => screen.findByRole('heading', { name: 'Opening hours', level: 2 });

resetOperatorSessionAroundEachTest();

describe('BookingSettingsPage', { timeout: 20_000 }, () => {
  it('asks to activate payments first, and hides the online booking panels until then', async () => {
    renderPage();
    await loaded();
    expect(heading('Online payments')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activate payments' })).toBeTruthy();
    expect(heading('Public profile')).toBeNull();
    expect(heading('Bookable carts')).toBeNull();
    expect(heading('Booking offset')).toBeTruthy();
    expect(heading('User groups')).toBeTruthy();
  });

  it('shows the cards in the order of the spec once payments are active', async () => {
    renderPage({ site: makeSite({ stripeConfig: ONBOARDED }) });
    await loaded();
    expect(heading('Online payments')).toBeNull();
    await screen.findByText('Cart 7');
    const expected = ['Public profile', 'Bookable carts', 'Opening hours', 'Booking offset', 'User groups'];
    // The services card (another feature's) sits between the booking offset and the user groups.
    const order = screen
      .getAllByRole('heading', { level: 2 })
      .map((element) => element.textContent)
      .filter((text) => expected.includes(text ?? ''));
    expect(order).toEqual(expected);
  });

  it('leaves out the public profile and bookable carts for a site with a booking integration', async () => {
    renderPage({ site: makeSite({ stripeConfig: ONBOARDED, bookingIntegration: true }) });
    await loaded();
    expect(heading('Public profile')).toBeNull();
    expect(heading('Bookable carts')).toBeNull();
    expect(heading('Online payments')).toBeNull();
    expect(heading('Booking offset')).toBeTruthy();
  });

  it('starts onboarding and leaves for the provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const providerPage = 'http://localhost/sandbox/onboarding/acct_sbx_1?return=%2Fsettings%2Fbooking';
    const server = renderPage({
      routes: { 'POST /api/dashboard/sites/stripe/onboard': () => json({ url: providerPage }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Activate payments' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(providerPage));
    expect(server.callsTo('POST', '/api/dashboard/sites/stripe/onboard')[0]?.body).toEqual({});
  });

  it('tells roles below admin whom to ask instead of offering the button', async () => {
    renderPage({ role: 'user' });
    await loaded();
    expect(screen.getByText('Ask an admin of your club to activate payments.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Activate payments' })).toBeNull();
  });

  it('back from onboarding, asks for the site again and says payments are active', async () => {
    const server = renderPage({
      url: '/settings/booking?onboarding=return',
      cached: makeSite(),
      site: makeSite({ stripeConfig: ONBOARDED }),
    });
    expect(await screen.findByText('Payments are active')).toBeTruthy();
    expect(server.callsTo('GET', SITE_PATH).length).toBeGreaterThan(0);
    expect(heading('Public profile')).toBeTruthy();
    expect(heading('Online payments')).toBeNull();
  });

  it('back from onboarding that is not finished, says so and keeps the activation card', async () => {
    renderPage({ url: '/settings/booking?onboarding=return', cached: makeSite() });
    expect(await screen.findByText('Payment setup is not finished yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activate payments' })).toBeTruthy();
  });

  it('offers a retry when the site cannot be loaded', async () => {
    storeTokens({ accessToken: fakeAccessToken({ role: 'admin' }), refreshToken: 'refresh' });
    let fail = true;
    installFetchMock({
      [`GET ${SITE_PATH}`]: () => (fail ? json({ message: 'Site not found' }, 404) : json(makeSite())),
      'GET /api/dashboard/sites/user-groups': () => json([]),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <BookingSettingsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const alert = (await screen.findByText('Could not load the booking settings')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('Site not found');
    fail = false;
    fireEvent.click(within(alert as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await loaded()).toBeTruthy();
  });
});
