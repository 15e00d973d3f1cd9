import type { CartView } from '@fairway/domain';
import { useMemo } from 'react';
import { compareCarNumbers } from '../../lib/cart-search';
import { useDevices } from './api/get-devices';
import { useRealtimeState } from './realtime-store';

export interface SiteCarts {
  /** Sorted by car number. */
  carts: CartView[];
  cartsById: Readonly<Record<string, CartView>>;
  /** The store holds this site's full list (from HTTP or the socket). */
  loaded: boolean;
  loading: boolean;
  /** The first load failed and the socket has not delivered the list either. */
  error: unknown;
  retry: () => void;
}

const NO_CARTS: Readonly<Record<string, CartView>> = {};

/**
 * The site's carts as every page shows them (the map, the fleet): one store, the realtime store, which the
 * socket controller seeds from GET /devices and keeps current from the socket. The HTTP query here only
 * reports a failed first load and retries it; its list is never read, so the pages cannot disagree. Never
 * another site's carts while the store switches over.
 */
export function useSiteCarts(siteId: string): SiteCarts {
  const devices = useDevices(siteId);
  const realtime = useRealtimeState();
  const current = realtime.siteId === siteId;
  const cartsById = current ? realtime.devicesById : NO_CARTS;
  const carts = useMemo(() => Object.values(cartsById).sort(compareCarNumbers), [cartsById]);
  const loaded = current && realtime.devicesLoaded;
  return {
    carts,
    cartsById,
    loaded,
    loading: !loaded && !devices.isError,
    error: !loaded && devices.isError ? devices.error : null,
    retry: () => void devices.refetch(),
  };
}
