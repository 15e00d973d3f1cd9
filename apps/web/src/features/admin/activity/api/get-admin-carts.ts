import { cartView, type CartView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';

/** The Device Manager's page answer, read as cart views (the admin fields are not needed here). */
const everyCart = z.object({ data: z.array(cartView) });

/**
 * GET /api/admin/devices?pageSize=all: every tracker of the platform (superadmin). The viewer keeps one
 * site's carts from it for its cart picker; the answer is shared (cached) by site choices.
 */
export async function getAdminCarts(signal?: AbortSignal): Promise<CartView[]> {
  return everyCart.parse(await apiRequest('/admin/devices?pageSize=all', { signal })).data;
}

export const adminCartsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'devices'],
    queryFn: ({ signal }) => getAdminCarts(signal),
    staleTime: 60_000,
  });

/** The carts of `siteId`, by car number; nothing is fetched until a site is chosen. */
export function useSiteCarts(siteId: string | null) {
  // One function per site: TanStack Query then filters the fleet again only when the site or the answer changes.
  const select = useCallback(
    (carts: CartView[]) =>
      carts
        .filter((cart) => cart.siteID === siteId)
        .sort((a, b) =>
          (a.carNumber ?? a.serial).localeCompare(b.carNumber ?? b.serial, undefined, { numeric: true }),
        ),
    [siteId],
  );
  return useQuery({ ...adminCartsQueryOptions(), enabled: siteId !== null, select });
}
