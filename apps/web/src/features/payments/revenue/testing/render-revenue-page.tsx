import type { Role, SiteView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../../../app/query-client';
import { NotificationHost } from '../../../../components/NotificationHost';
import { storeTokens } from '../../../../lib/auth-tokens';
import '../../../../lib/i18n';
import { SITE_A } from '../../../../test/carts';
import { fakeAccessToken } from '../../../../test/fake-jwt';
import { installFetchMock, json, type RecordedCall } from '../../../../test/fetch-mock';
import { makeSite } from '../../../commands/testing/fixtures';
import { RevenuePage } from '../RevenuePage';
import { makeBalance, makePaymentsPage } from './fixtures';

export const PAYMENTS_PATH = '/api/dashboard/payments';
export const BALANCE_PATH = '/api/dashboard/payments/balance';
const USER_ID = '00000000-0000-4000-8000-0000000000aa';

/** November 2026 in the address, so tests do not depend on today's date. */
export const NOVEMBER = '/charts/revenue?start=2026-11-01&end=2026-11-30';

type Routes = Parameters<typeof installFetchMock>[0];

export interface RevenueSetup {
  role?: Role;
  url?: string;
  site?: Partial<SiteView>;
  /** the answer to GET /payments; the call is given so a test can answer by page or status */
  payments?: (call: RecordedCall, query: URLSearchParams) => Response | Promise<Response>;
  balance?: () => Response | Promise<Response>;
  routes?: Routes;
}

/**
 * Signs in with `role`, answers the site (Prague, EUR), the account, the ledger and the balance, and opens the
 * Revenue page in a data router. The answers' query strings are kept for assertions.
 */
export function renderRevenuePage({
  role = 'admin',
  url = NOVEMBER,
  site,
  payments = () => json(makePaymentsPage([])),
  balance = () => json(makeBalance()),
  routes = {},
}: RevenueSetup = {}) {
  storeTokens({ accessToken: fakeAccessToken({ role, sub: USER_ID }), refreshToken: 'refresh' });
  const server = installFetchMock({
    'GET /api/dashboard/sites': () => json(makeSite({ timezone: 'Europe/Prague', currency: 'EUR', ...site })),
    'GET /api/dashboard/auth': () =>
      json({ _id: USER_ID, email: 'op@example.com', role, sites: [SITE_A], lang: 'en', lastSeen: null }),
    [`GET ${PAYMENTS_PATH}`]: (call) => payments(call, call.query),
    [`GET ${BALANCE_PATH}`]: balance,
    ...routes,
  });
  const router = createMemoryRouter([{ path: '/charts/revenue', element: <RevenuePage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationHost />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return {
    ...server,
    router,
    /** the query of every GET /payments so far, oldest first */
    get paymentQueries() {
      return server.queriesTo(PAYMENTS_PATH);
    },
    lastPaymentQuery: () => server.queriesTo(PAYMENTS_PATH).at(-1) ?? {},
  };
}
