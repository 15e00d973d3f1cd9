import { isCartOverdue, type CartView } from '@fairway/domain';

type OverdueCart = Pick<CartView, '_id' | 'inUse' | 'overrun'>;

/**
 * Ids of the carts whose ride is overdue at `now` (domain `isCartOverdue`: the marker ring, the "Overdue"
 * filters), and of those whose ride's alert arrived while the cart's own view still lags behind it (the
 * browser's clock may run slow; the alert is the server's word).
 */
export function overdueCartIds(
  carts: readonly OverdueCart[],
  now: number,
  alertedRideIds: ReadonlySet<string>,
): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const cart of carts) {
    const alerted = cart.inUse && cart.overrun != null && alertedRideIds.has(cart.overrun.rideId);
    if (alerted || isCartOverdue(cart, now)) ids.add(cart._id);
  }
  return ids;
}
