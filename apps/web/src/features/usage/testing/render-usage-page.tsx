import type { Role } from '@fairway/domain';
import { json, type installFetchMock } from '../../../test/fetch-mock';
import { renderOperatorPage } from '../../../test/render-operator-page';
import { UsagePage } from '../UsagePage';
import { makeRideUsage } from './fixtures';

export const USAGE_PATH = '/api/dashboard/rides/chart';

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
  return renderOperatorPage({
    role,
    path: '/charts/usage',
    element: <UsagePage />,
    url,
    site: { timezone: 'Europe/London', currency: 'GBP' },
    routes: { [`GET ${USAGE_PATH}`]: (call) => usage(call.query), ...routes },
  });
}
