import type { CartView } from '@fairway/domain';
import { useMemo } from 'react';
import { compareCarNumbers } from '../../lib/cart-search';
import { useDevices } from '../devices/api/get-devices';
import { useRealtimeState } from '../realtime/realtime-store';

export interface SiteCarts {
  /** Sorted by car number. */
  carts: CartView[];
  cartsById: Readonly<Record<string, CartView>>;
  loading: boolean;
  /** The first load failed and the socket has not delivered the list either. */
  error: unknown;
  retry: () => void;
}

const NO_CARTS: Readonly<Record<string, CartView>> = {};

/**
 * The site's carts as the map shows them: from the realtime store (seeded over HTTP, kept current by the
 * socket), never another site's while the store switches over.
 */
export function useSiteCarts(siteId: string): SiteCarts {
  const devices = useDevices(siteId);
  const realtime = useRealtimeState();
  const current = realtime.siteId === siteId;
  const cartsById = current ? realtime.devicesById : NO_CARTS;
  const carts = useMemo(() => Object.values(cartsById).sort(compareCarNumbers), [cartsById]);
  const failed = !realtime.devicesLoaded && devices.isError;
  return {
    carts,
    cartsById,
    loading: !realtime.devicesLoaded && !devices.isError,
    error: failed ? devices.error : null,
    retry: () => void devices.refetch(),
  };
}
