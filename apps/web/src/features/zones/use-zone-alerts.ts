/**
 * STUB (owner: zones work). Ids of carts currently inside a restriction zone (their markers are
 * highlighted); also shows the alert toast when a cart enters one.
 */
export function useZoneAlertedCarts(_siteId: string | null): ReadonlySet<string> {
  return new Set();
}
