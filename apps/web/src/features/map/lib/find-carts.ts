import type { CartView } from '@fairway/domain';
import { matchesCartSearch } from '../../../lib/cart-search';

type SearchableCart = Pick<CartView, 'carNumber' | 'carName' | 'driverName'>;

/**
 * Spec §2 Map: the map finds a cart by car number, name or the driver of its ride (case-insensitive,
 * substring). The number and name rule is the shared list search; the driver is what the map adds.
 */
export function matchesMapSearch(cart: SearchableCart, query: string): boolean {
  if (matchesCartSearch(cart, query)) return true;
  const needle = query.trim().toLocaleLowerCase();
  return cart.driverName !== null && cart.driverName.toLocaleLowerCase().includes(needle);
}
