import type { CartView } from '@fairway/domain';

/**
 * Cart list ordering and search shared by the map panel and (later) the fleet list.
 * Car numbers are digit strings, so they sort numerically ('2' before '10'); carts without a number last.
 */
export function compareCarNumbers(a: Pick<CartView, 'carNumber'>, b: Pick<CartView, 'carNumber'>): number {
  const left = a.carNumber === null ? Number.POSITIVE_INFINITY : Number(a.carNumber);
  const right = b.carNumber === null ? Number.POSITIVE_INFINITY : Number(b.carNumber);
  if (left !== right) return left < right ? -1 : 1;
  return (a.carNumber ?? '').localeCompare(b.carNumber ?? '');
}

/** Spec §2 Map: the list searches by car number or name (case-insensitive, substring). */
export function matchesCartSearch(cart: Pick<CartView, 'carNumber' | 'carName'>, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return (
    (cart.carNumber ?? '').toLocaleLowerCase().includes(needle) ||
    cart.carName.toLocaleLowerCase().includes(needle)
  );
}

export function searchCarts<T extends Pick<CartView, 'carNumber' | 'carName'>>(
  carts: readonly T[],
  query: string,
): T[] {
  return carts.filter((cart) => matchesCartSearch(cart, query)).sort(compareCarNumbers);
}
