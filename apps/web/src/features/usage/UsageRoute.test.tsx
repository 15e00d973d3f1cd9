import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createQueryClient } from '../../app/query-client';
import { createAppRoutes } from '../../app/router';
import { storeTokens } from '../../lib/auth-tokens';
import type * as SocketModule from '../../lib/socket';
import { SITE_A } from '../../test/carts';
import { fakeAccessToken } from '../../test/fake-jwt';
import { installFetchMock, json } from '../../test/fetch-mock';
import { makeSite } from '../commands/testing/fixtures';
import { makeRideUsage } from './testing/fixtures';

// The route is under test, not the drawing (jsdom has no canvas) nor the live connection.
vi.mock('./charts/usage-echart', () => ({
  default: ({ label }: { label: string }) => <figure role="img" aria-label={label} />,
}));
vi.mock('../../lib/socket', async (importOriginal) => {
  const { FakeSocket } = await import('../../test/fake-socket');
  return {
    ...(await importOriginal<typeof SocketModule>()),
    createSocket: () => new FakeSocket().asSocket(),
  };
});

const USER_ID = '00000000-0000-4000-8000-0000000000cc';

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/charts/usage', () => {
  it('is a page of the reports layout, with its heading once, for basic staff too', async () => {
    storeTokens({ accessToken: fakeAccessToken({ role: 'basic', sub: USER_ID }), refreshToken: 'refresh' });
    const site = makeSite({ timezone: 'Europe/London' });
    const server = installFetchMock({
      'GET /api/dashboard/sites/list': () => json([{ ...site, centerLatLong: '51.5, -0.1' }]),
      'GET /api/dashboard/sites': () => json(site),
      'GET /api/dashboard/auth': () =>
        json({
          _id: USER_ID,
          email: 'staff@example.com',
          role: 'basic',
          sites: [SITE_A],
          lang: 'en',
          lastSeen: null,
        }),
      'GET /api/dashboard/devices': () => json([]),
      'GET /api/dashboard/rides/chart': () => json(makeRideUsage()),
    });
    const queryClient = createQueryClient();
    const router = createMemoryRouter(createAppRoutes(queryClient), {
      initialEntries: ['/charts/usage?start=2026-11-01&end=2026-11-30'],
    });
    render(<App router={router} queryClient={queryClient} />);

    // Lazy routes (the layout, then the page, then the charts' module): their first import takes a moment.
    const total = await screen.findByRole('region', { name: 'Total rounds' }, { timeout: 10_000 });
    expect(within(total).getByTestId('figure-value').textContent).toBe('1,234');
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Usage',
    ]);
    expect(screen.queryByTestId('later-release')).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('img').length).toBe(4));
    expect(server.callsTo('GET', '/api/dashboard/rides/chart')).toHaveLength(1);
  });
});
