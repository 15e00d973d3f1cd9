import type { Role } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../../app/query-client';
import { NotificationHost } from '../../../components/NotificationHost';
import { storeTokens } from '../../../lib/auth-tokens';
import '../../../lib/i18n';
import { SITE_A } from '../../../test/carts';
import { fakeAccessToken } from '../../../test/fake-jwt';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { makeSite } from '../../commands/testing/fixtures';
import { UsagePage } from '../UsagePage';
import { makeRideUsage } from './fixtures';

export const USAGE_PATH = '/api/dashboard/rides/chart';
const USER_ID = '00000000-0000-4000-8000-0000000000bb';

/** November 2026 in the address, so tests do not depend on today's date. */
export const NOVEMBER = '/charts/usage?start=2026-11-01&end=2026-11-30';

type Routes = Parameters<typeof installFetchMock>[0];

export interface UsageSetup {
  role?: Role;
  url?: string;
  /** the answer to GET /rides/chart, given the call's query */
  usage?: (query: URLSearchParams) => Response | Promise<Response>;
  routes?: Routes;
}

/**
 * Signs in with `role`, answers the site (London) and the account, and opens the Usage page in a data router.
 * Every fetched URL is kept, so a test can read the queries the page sent.
 */
export function renderUsagePage({
  role = 'admin',
  url = NOVEMBER,
  usage = () => json(makeRideUsage()),
  routes = {},
}: UsageSetup = {}) {
  storeTokens({ accessToken: fakeAccessToken({ role, sub: USER_ID }), refreshToken: 'refresh' });
  const server = installFetchMock({
    'GET /api/dashboard/sites': () => json(makeSite({ timezone: 'Europe/London', currency: 'GBP' })),
    'GET /api/dashboard/auth': () =>
      json({ _id: USER_ID, email: 'op@example.com', role, sites: [SITE_A], lang: 'en', lastSeen: null }),
    [`GET ${USAGE_PATH}`]: (call) => usage(call.query),
    ...routes,
  });
  const router = createMemoryRouter([{ path: '/charts/usage', element: <UsagePage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationHost />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...server, router };
}
