import type { CartView } from '@fairway/domain';
import { useCallback, useMemo, useState } from 'react';

/**
 * The carts ticked for bulk actions. Only carts the search still shows count as selected, so an action
 * never reaches a cart the operator cannot see; select-all takes every cart the search found, on all pages.
 */
export function useCartSelection(found: readonly CartView[]) {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const selected = useMemo(() => found.filter((cart) => ids.has(cart._id)), [found, ids]);
  const allSelected = found.length > 0 && selected.length === found.length;
  // Stable, so memoised rows do not re-render when another row is ticked.
  const toggle = useCallback(
    (cartId: string) =>
      setIds((previous) => {
        const next = new Set(previous);
        if (!next.delete(cartId)) next.add(cartId);
        return next;
      }),
    [],
  );

  return {
    selected,
    allSelected,
    someSelected: selected.length > 0 && !allSelected,
    isSelected: (cartId: string) => ids.has(cartId),
    toggle,
    toggleAll: () => setIds(allSelected ? new Set() : new Set(found.map((cart) => cart._id))),
  };
}

export type CartSelection = ReturnType<typeof useCartSelection>;
