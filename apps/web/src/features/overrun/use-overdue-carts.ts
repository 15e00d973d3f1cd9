import type { CartView } from '@fairway/domain';
import { useMemo } from 'react';
import { useNow } from '../../lib/use-now';
import { overdueCartIds } from './lib/overdue-carts';
import { useOverrunAlerts } from './use-overrun-alerts';

/** As often as the server sweeps: a ring appears within seconds of the alert even between cart reports. */
export const OVERDUE_CLOCK_MS = 15_000;

/**
 * The site's carts that are overdue now (the map's ring and filter, the fleet's filter and badge), and the
 * alert toasts while the page shows. Use once per page.
 */
export function useOverdueCarts(siteId: string | null, carts: readonly CartView[]): ReadonlySet<string> {
  const alertedRideIds = useOverrunAlerts(siteId);
  const now = useNow(OVERDUE_CLOCK_MS);
  return useMemo(() => overdueCartIds(carts, now, alertedRideIds), [carts, now, alertedRideIds]);
}
