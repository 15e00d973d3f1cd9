import type { Role, SiteView } from '@fairway/domain';
import { json, type installFetchMock, type RecordedCall } from '../../../../test/fetch-mock';
import { renderOperatorPage } from '../../../../test/render-operator-page';
import { RevenuePage } from '../RevenuePage';
import { makeBalance, makePaymentsPage } from './fixtures';

export const PAYMENTS_PATH = '/api/dashboard/payments';
export const BALANCE_PATH = '/api/dashboard/payments/balance';

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
  const server = renderOperatorPage({
    role,
    path: '/charts/revenue',
    element: <RevenuePage />,
    url,
    site: { timezone: 'Europe/Prague', currency: 'EUR', ...site },
    routes: {
      [`GET ${PAYMENTS_PATH}`]: (call) => payments(call, call.query),
      [`GET ${BALANCE_PATH}`]: balance,
      ...routes,
    },
  });
  return {
    ...server,
    /** the query of every GET /payments so far, oldest first */
    get paymentQueries() {
      return server.queriesTo(PAYMENTS_PATH);
    },
    lastPaymentQuery: () => server.queriesTo(PAYMENTS_PATH).at(-1) ?? {},
  };
}
