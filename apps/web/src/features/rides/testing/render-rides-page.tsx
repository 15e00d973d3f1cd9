import type { RideDetail, Role, SiteView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../../app/query-client';
import { NotificationHost } from '../../../components/NotificationHost';
import { storeTokens } from '../../../lib/auth-tokens';
import '../../../lib/i18n';
import { SITE_A } from '../../../test/carts';
import { fakeAccessToken } from '../../../test/fake-jwt';
import { installFetchMock, json, type RecordedCall } from '../../../test/fetch-mock';
import { makeSite } from '../../commands/testing/fixtures';
import { RidesPage } from '../routes/RidesPage';
import { makeRidesPage } from './ride-fixtures';

export const RIDES_PATH = '/api/dashboard/rides';
const USER_ID = '00000000-0000-4000-8000-0000000000aa';

/** November 2026 in the address, so tests do not depend on today's date. */
export const NOVEMBER = '/rides?start=2026-11-01&end=2026-11-30';

type Handler = (call: RecordedCall, query: URLSearchParams) => Response | Promise<Response>;

export interface RidesSetup {
  role?: Role;
  url?: string;
  site?: Partial<SiteView>;
  /** the answer to GET /rides, given its query */
  list?: Handler;
  /** the rides whose detail GET /rides/:id answers (by default as given; `detail` may answer otherwise) */
  details?: RideDetail[];
  detail?: (ride: RideDetail, query: URLSearchParams) => Response | Promise<Response>;
  routes?: Record<string, Handler>;
}

/**
 * Signs in with `role`, answers the site (Prague), the account, the rides list and the details given, and
 * opens the Rides page in a data router. Every request's query string is kept for assertions.
 */
export function renderRidesPage({
  role = 'admin',
  url = NOVEMBER,
  site,
  list = () => json(makeRidesPage([])),
  details = [],
  detail = (ride) => json(ride),
  routes = {},
}: RidesSetup = {}) {
  storeTokens({ accessToken: fakeAccessToken({ role, sub: USER_ID }), refreshToken: 'refresh' });
  const withQuery =
    (handler: Handler) =>
    (call: RecordedCall): Response | Promise<Response> =>
      handler(call, call.query);

  const server = installFetchMock({
    'GET /api/dashboard/sites': () => json(makeSite({ timezone: 'Europe/Prague', ...site })),
    'GET /api/dashboard/auth': () =>
      json({ _id: USER_ID, email: 'op@example.com', role, sites: [SITE_A], lang: 'en', lastSeen: null }),
    [`GET ${RIDES_PATH}`]: withQuery(list),
    ...Object.fromEntries(
      details.map((ride) => {
        const path = `${RIDES_PATH}/${ride._id}`;
        return [`GET ${path}`, withQuery((_call, query) => detail(ride, query))];
      }),
    ),
    ...Object.fromEntries(Object.entries(routes).map(([route, handler]) => [route, withQuery(handler)])),
  });

  const router = createMemoryRouter([{ path: '/rides', element: <RidesPage /> }], { initialEntries: [url] });
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <NotificationHost />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return {
    ...server,
    router,
    queryClient,
    /** the query of every GET /rides so far, oldest first */
    listQueries: () => server.queriesTo(RIDES_PATH),
    lastListQuery: () => server.queriesTo(RIDES_PATH).at(-1) ?? {},
    /** the query of every GET /rides/:id of `rideId` so far */
    detailQueries: (rideId: string) => server.queriesTo(`${RIDES_PATH}/${rideId}`),
    /** the address's `ride` parameter */
    selectedRide: () => new URLSearchParams(router.state.location.search).get('ride'),
  };
}
