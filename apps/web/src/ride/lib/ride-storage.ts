/**
 * What the guest app keeps on the phone (spec §3 Local storage): the open ride's session id with its cart,
 * the checkout details, and the payment being paid (a fallback should the provider's return address lack
 * the checkout id). Every read and write tolerates a browser that refuses storage.
 */
export const RIDE_STORAGE_KEYS = {
  session: 'fairway.ride.session',
  checkoutDetails: 'fairway.ride.checkoutDetails',
  pendingPayment: 'fairway.ride.pendingPayment',
} as const;

type RideStorageKey = (typeof RIDE_STORAGE_KEYS)[keyof typeof RIDE_STORAGE_KEYS];

function readJson(key: RideStorageKey): Record<string, unknown> | null {
  try {
    const text = window.localStorage.getItem(key);
    const value: unknown = text ? JSON.parse(text) : null;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function writeJson(key: RideStorageKey, value: object | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused: the value lives for this page only.
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

export interface SavedSession {
  sessionId: string;
  deviceId: string;
}

export function readSavedSession(): SavedSession | null {
  const value = readJson(RIDE_STORAGE_KEYS.session);
  return value && isText(value.sessionId) && isText(value.deviceId)
    ? { sessionId: value.sessionId, deviceId: value.deviceId }
    : null;
}

export const saveSession = (session: SavedSession): void => writeJson(RIDE_STORAGE_KEYS.session, session);

/** Forgets the saved ride; with a session id, only if it is that one (another ride may have replaced it). */
export function clearSavedSession(sessionId?: string): void {
  if (sessionId !== undefined && readSavedSession()?.sessionId !== sessionId) return;
  writeJson(RIDE_STORAGE_KEYS.session, null);
}

export interface CheckoutDetails {
  firstName: string;
  lastName: string;
  email: string;
}

export function readCheckoutDetails(): CheckoutDetails {
  const value = readJson(RIDE_STORAGE_KEYS.checkoutDetails);
  const text = (field: string) => (value && typeof value[field] === 'string' ? (value[field] as string) : '');
  return { firstName: text('firstName'), lastName: text('lastName'), email: text('email') };
}

export const saveCheckoutDetails = (details: CheckoutDetails): void =>
  writeJson(RIDE_STORAGE_KEYS.checkoutDetails, details);

export interface PendingPayment {
  paymentId: string;
  deviceId: string;
}

export function readPendingPayment(): PendingPayment | null {
  const value = readJson(RIDE_STORAGE_KEYS.pendingPayment);
  return value && isText(value.paymentId) && isText(value.deviceId)
    ? { paymentId: value.paymentId, deviceId: value.deviceId }
    : null;
}

export const savePendingPayment = (payment: PendingPayment | null): void =>
  writeJson(RIDE_STORAGE_KEYS.pendingPayment, payment);
