/**
 * The guest app's routes (spec §2 Guest routes): a tiny matcher instead of a router library, because the
 * guest's first visit has a 150 kB JavaScript budget. The price list's details step is a query of the prices
 * page (`?rate=`), so the phone's back button returns from it to the list.
 */
export type RideRoute =
  | { name: 'home'; deviceId: string }
  | { name: 'prices'; deviceId: string }
  /** the card provider sends the guest back here after paying (`?payment=` the checkout session id) */
  | { name: 'pending'; deviceId: string }
  | { name: 'session'; deviceId: string; sessionId: string }
  /** the cart's problem report form (issue 23) */
  | { name: 'report'; deviceId: string }
  /** a cart's QR code (the device landing): the cart's page on a scan-to-ride club, else the club's portal */
  | { name: 'unlock'; deviceId: string }
  /** a member's virtual key opens this cart (spec: /ride/{id}/virtual-key/{code}) */
  | { name: 'rideKey'; deviceId: string; code: string }
  /** a booking's code opens its cart (`?reservationCode=`) */
  | { name: 'rideBooking'; deviceId: string; bookingId: string }
  /** the club's portal (spec §2 Guest site portal) and its key pages */
  | { name: 'portalHome'; siteId: string }
  | { name: 'portalKey'; siteId: string; virtualKeyId: string }
  | { name: 'portalMaster'; siteId: string; virtualKeyId: string }
  /** a booking's page, opened with its code */
  | { name: 'guestBooking'; bookingId: string }
  | { name: 'notFound' };

function decodeSegment(segment: string): string | null {
  try {
    const decoded = decodeURIComponent(segment);
    return decoded.trim() === '' || decoded.includes('/') ? null : decoded;
  } catch {
    return null;
  }
}

/** The route of a pathname; a trailing slash is tolerated, anything unknown is `notFound`. */
export function matchRoute(pathname: string): RideRoute {
  const raw = pathname.split('/');
  if (raw[0] !== '') return { name: 'notFound' };
  if (raw.at(-1) === '') raw.pop();
  const parts = raw.slice(1);
  if (parts.some((part) => part === '') || parts.length > 5) return { name: 'notFound' };
  const [root, ...rest] = parts;
  const segments = rest.map(decodeSegment);
  if (segments.some((part) => part === null)) return { name: 'notFound' };
  const [first, section, extra, last] = segments as string[];
  if (first === undefined) return { name: 'notFound' };
  if (root === 'unlock')
    return section === undefined ? { name: 'unlock', deviceId: first } : { name: 'notFound' };
  if (root === 'ride') return last === undefined ? rideRoute(first, section, extra) : { name: 'notFound' };
  if (root === 'guest') return guestRoute(first, section, extra, last);
  return { name: 'notFound' };
}

function rideRoute(deviceId: string, section?: string, extra?: string): RideRoute {
  if (section === undefined) return { name: 'home', deviceId };
  if (section === 'prices' && extra === undefined) return { name: 'prices', deviceId };
  if (section === 'report' && extra === undefined) return { name: 'report', deviceId };
  if (extra === undefined) return { name: 'notFound' };
  if (section === 'session')
    return extra === 'pending'
      ? { name: 'pending', deviceId }
      : { name: 'session', deviceId, sessionId: extra };
  if (section === 'virtual-key') return { name: 'rideKey', deviceId, code: extra };
  if (section === 'booking') return { name: 'rideBooking', deviceId, bookingId: extra };
  return { name: 'notFound' };
}

function guestRoute(kind: string, id?: string, section?: string, keyId?: string): RideRoute {
  if (id === undefined) return { name: 'notFound' };
  if (kind === 'booking')
    return section === undefined ? { name: 'guestBooking', bookingId: id } : { name: 'notFound' };
  if (kind !== 'site') return { name: 'notFound' };
  if (section === undefined) return { name: 'portalHome', siteId: id };
  if (keyId === undefined) return { name: 'notFound' };
  if (section === 'virtual-key') return { name: 'portalKey', siteId: id, virtualKeyId: keyId };
  if (section === 'master-key') return { name: 'portalMaster', siteId: id, virtualKeyId: keyId };
  return { name: 'notFound' };
}

const segment = encodeURIComponent;

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export interface PricesQuery {
  serviceId?: string;
  bookingId?: string;
  reservationCode?: string;
  rate?: string;
  cancelled?: boolean;
}

/** Addresses of the guest pages. */
export const ridePaths = {
  home: (deviceId: string) => `/ride/${segment(deviceId)}`,
  /** With `bookingId` (and its code, when the page has it): paying for that booking (spec §2 Guest routes). */
  prices: (deviceId: string, query: PricesQuery = {}) =>
    withQuery(`/ride/${segment(deviceId)}/prices`, {
      serviceId: query.serviceId,
      bookingId: query.bookingId,
      reservationCode: query.reservationCode,
      rate: query.rate,
      cancelled: query.cancelled ? '1' : undefined,
    }),
  pending: (deviceId: string, paymentId?: string) =>
    withQuery(`/ride/${segment(deviceId)}/session/pending`, { payment: paymentId }),
  session: (deviceId: string, sessionId: string) =>
    `/ride/${segment(deviceId)}/session/${segment(sessionId)}`,
  report: (deviceId: string) => `/ride/${segment(deviceId)}/report`,
  rideKey: (deviceId: string, code: string) => `/ride/${segment(deviceId)}/virtual-key/${segment(code)}`,
  rideBooking: (deviceId: string, bookingId: string, reservationCode?: string) =>
    withQuery(`/ride/${segment(deviceId)}/booking/${segment(bookingId)}`, { reservationCode }),
  portalHome: (siteId: string) => `/guest/site/${segment(siteId)}`,
  portalKey: (siteId: string, virtualKeyId: string) =>
    `/guest/site/${segment(siteId)}/virtual-key/${segment(virtualKeyId)}`,
  portalMaster: (siteId: string, virtualKeyId: string) =>
    `/guest/site/${segment(siteId)}/master-key/${segment(virtualKeyId)}`,
  guestBooking: (bookingId: string) => `/guest/booking/${segment(bookingId)}`,
};

/**
 * The provider's return addresses (sent before the payment exists). Stripe, and the sandbox
 * (apps/server/src/modules/payments/sandbox/sandbox-checkout.ts), replace the literal {CHECKOUT_SESSION_ID}
 * with the checkout session's id, which GET /api/guest/payments/:id accepts.
 */
export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export function checkoutReturnUrls(origin: string, deviceId: string, serviceId?: string, bookingId?: string) {
  // Built by hand: URLSearchParams would encode the braces, and the provider would not find its placeholder.
  const paid = `?payment=${CHECKOUT_SESSION_PLACEHOLDER}`;
  return {
    // A booking's payment returns to its page, which waits there until the booking is paid; a ride's to the
    // pending page, which becomes the ride. The booking's code stays out of both: the provider keeps these
    // addresses, and the tab that comes back still holds the code.
    success_url: bookingId
      ? `${origin}${ridePaths.guestBooking(bookingId)}${paid}`
      : `${origin}/ride/${segment(deviceId)}/session/pending${paid}`,
    cancel_url: `${origin}${ridePaths.prices(deviceId, { serviceId, bookingId, cancelled: true })}`,
  };
}
