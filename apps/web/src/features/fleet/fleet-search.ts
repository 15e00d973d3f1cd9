import type { CartView } from '@fairway/domain';
import { compareCarNumbers } from '../../lib/cart-search';

type SearchableCart = Pick<CartView, 'carNumber' | 'carName' | 'serial' | 'driverName'>;

/** Spec §2 Fleet: the search finds a cart by car number, name, serial or driver (case-insensitive, substring). */
export function matchesFleetSearch(cart: SearchableCart, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [cart.carNumber, cart.carName, cart.serial, cart.driverName].some(
    (field) => field !== null && field.toLocaleLowerCase().includes(needle),
  );
}

/** The matching carts in car-number order. */
export function searchFleet<T extends SearchableCart>(carts: readonly T[], query: string): T[] {
  return carts.filter((cart) => matchesFleetSearch(cart, query)).sort(compareCarNumbers);
}
