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
  /** the QR code's legacy address: redirects to the cart's home */
  | { name: 'unlock'; deviceId: string }
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
  if (parts.some((part) => part === '')) return { name: 'notFound' };
  const [root, idSegment, section, extra, ...rest] = parts;
  if (idSegment === undefined || rest.length > 0) return { name: 'notFound' };
  const deviceId = decodeSegment(idSegment);
  if (deviceId === null) return { name: 'notFound' };

  if (root === 'unlock') return section === undefined ? { name: 'unlock', deviceId } : { name: 'notFound' };
  if (root !== 'ride') return { name: 'notFound' };
  if (section === undefined) return { name: 'home', deviceId };
  if (section === 'prices' && extra === undefined) return { name: 'prices', deviceId };
  if (section === 'session' && extra !== undefined) {
    if (extra === 'pending') return { name: 'pending', deviceId };
    const sessionId = decodeSegment(extra);
    return sessionId === null ? { name: 'notFound' } : { name: 'session', deviceId, sessionId };
  }
  return { name: 'notFound' };
}

const segment = encodeURIComponent;

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Addresses of the guest pages. */
export const ridePaths = {
  home: (deviceId: string) => `/ride/${segment(deviceId)}`,
  prices: (deviceId: string, query: { serviceId?: string; rate?: string; cancelled?: boolean } = {}) =>
    withQuery(`/ride/${segment(deviceId)}/prices`, {
      serviceId: query.serviceId,
      rate: query.rate,
      cancelled: query.cancelled ? '1' : undefined,
    }),
  pending: (deviceId: string, paymentId?: string) =>
    withQuery(`/ride/${segment(deviceId)}/session/pending`, { payment: paymentId }),
  session: (deviceId: string, sessionId: string) =>
    `/ride/${segment(deviceId)}/session/${segment(sessionId)}`,
};

/**
 * The provider's return addresses (sent before the payment exists). Stripe, and the sandbox
 * (apps/server/src/modules/payments/sandbox/sandbox-checkout.ts), replace the literal {CHECKOUT_SESSION_ID}
 * with the checkout session's id, which GET /api/guest/payments/:id accepts.
 */
export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export function checkoutReturnUrls(origin: string, deviceId: string, serviceId?: string) {
  return {
    // Built by hand: URLSearchParams would encode the braces, and the provider would not find its placeholder.
    success_url: `${origin}/ride/${segment(deviceId)}/session/pending?payment=${CHECKOUT_SESSION_PLACEHOLDER}`,
    cancel_url: `${origin}${ridePaths.prices(deviceId, { serviceId, cancelled: true })}`,
  };
}
