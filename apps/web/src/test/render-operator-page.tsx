import type { Role, SiteView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../app/query-client';
import { NotificationHost } from '../components/NotificationHost';
import { storeTokens } from '../lib/auth-tokens';
import '../lib/i18n';
import { makeSite } from '../features/commands/testing/fixtures';
import { SITE_A } from './carts';
import { fakeAccessToken } from './fake-jwt';
import { installFetchMock, json } from './fetch-mock';

const USER_ID = '00000000-0000-4000-8000-0000000000aa';

export interface OperatorPageSetup {
  role?: Role;
  /** the page's route pattern and element, opened at `url` in a data router */
  path: string;
  element: ReactElement;
  url: string;
  /** the selected site's answer (GET /sites) */
  site?: Partial<SiteView>;
  /** the page's own calls, beside the site and the account */
  routes?: Parameters<typeof installFetchMock>[0];
}

/**
 * A site page as an operator of `role` sees it: signed in, the site and the account answered, the page in a
 * data router with a fresh query client and the toast host. Answers what `installFetchMock` does (every
 * call kept, so a test can read the queries the page sent) and the router.
 */
export function renderOperatorPage({
  role = 'admin',
  path,
  element,
  url,
  site,
  routes = {},
}: OperatorPageSetup) {
  storeTokens({ accessToken: fakeAccessToken({ role, sub: USER_ID }), refreshToken: 'refresh' });
  const server = installFetchMock({
    'GET /api/dashboard/sites': () => json(makeSite(site)),
    'GET /api/dashboard/auth': () =>
      json({ _id: USER_ID, email: 'op@example.com', role, sites: [SITE_A], lang: 'en', lastSeen: null }),
    ...routes,
  });
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationHost />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...server, router };
}
