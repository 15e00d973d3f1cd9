import type { BookingView, CartView, Role, ServiceView, SiteView } from '@fairway/domain';
import { SITE_A } from '../../../test/carts';
import { json, type RecordedCall } from '../../../test/fetch-mock';
import { renderOperatorPage } from '../../../test/render-operator-page';
import { realtimeStore } from '../../realtime';
import { BookingsPage } from '../routes/BookingsPage';

export const BOOKINGS_PATH = '/api/dashboard/bookings';

/** Open every day 07:00–20:00. */
export const OPEN_ALL_WEEK = Array.from({ length: 7 }, () => ({ openTime: '07:00', closeTime: '20:00' }));

type Handler = (call: RecordedCall, query: URLSearchParams) => Response | Promise<Response>;

export interface BookingsSetup {
  role?: Role;
  /** by default 10 June 2030, a Monday, so nothing shown is past */
  url?: string;
  site?: Partial<SiteView>;
  carts?: CartView[];
  /** the answer to GET /bookings, given its query */
  bookings?: BookingView[] | Handler;
  services?: ServiceView[];
  routes?: Record<string, Handler>;
}

/**
 * Signs in with `role`, answers the site (Prague, open all week), the account, the bookings and the services,
 * puts `carts` in the realtime store as the socket would, and opens the Bookings page in a data router.
 */
export function renderBookingsPage({
  role = 'admin',
  url = '/bookings?date=2030-06-10',
  site,
  carts = [],
  bookings = [],
  services = [],
  routes = {},
}: BookingsSetup = {}) {
  const withQuery =
    (handler: Handler) =>
    (call: RecordedCall): Response | Promise<Response> =>
      handler(call, call.query);
  const list: Handler = typeof bookings === 'function' ? bookings : () => json(bookings);

  realtimeStore.resetSite(SITE_A);
  realtimeStore.replaceDevices(SITE_A, carts);

  return renderOperatorPage({
    role,
    path: '/bookings',
    element: <BookingsPage />,
    url,
    site: { timezone: 'Europe/Prague', openingHours: OPEN_ALL_WEEK, ...site },
    routes: {
      'GET /api/dashboard/devices': () => json(carts),
      'GET /api/dashboard/services': () => json(services),
      [`GET ${BOOKINGS_PATH}`]: withQuery(list),
      ...Object.fromEntries(Object.entries(routes).map(([route, handler]) => [route, withQuery(handler)])),
    },
  });
}
