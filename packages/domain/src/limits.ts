/** Limits and constants of spec §9 that both the server and the web app apply. */
export const LIMITS = {
  passwordMinLength: 6,
  passwordMaxLength: 128,
  requestTimeoutMs: 15_000,
  debounceMs: 700,
  coordinateDecimals: 6,
  /** Access tokens are short-lived; refresh tokens rotate on every use. */
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlDays: 30,
  inviteTtlDays: 14,
  passwordResetTtlMinutes: 60,
  /** After this long without any report a cart counts as offline even if its last will never arrived. */
  offlineAfterSeconds: 120,
} as const;

export const MAP = {
  defaultZoom: 17,
  cartFocusZoom: 19,
  maxZoom: 22,
  maxNativeZoom: 18,
  clusterRadius: 70,
  disableClusteringAtZoom: 19,
  markerAnimationMs: 2000,
  /** pixels kept free around the carts when the map fits the whole fleet */
  fitPadding: 50,
} as const;

export const KPH_TO_MPH = 0.621371;
