import { isCartInUse, type CartView } from '@fairway/domain';
import { matchesMapSearch } from './find-carts';

/**
 * The map panel's groups (spec §2 Map: live, in use, reserved, stored) with 'all' first, so a cart that
 * belongs to none of them (an offline cart in service) can still be found in the list.
 */
export const CART_GROUPS = ['all', 'live', 'inUse', 'reserved', 'stored'] as const;
export type CartGroup = (typeof CART_GROUPS)[number];

/** Spec §2 Map cart filters, applied within the chosen group; 'overdue': the ride overran (issue 23). */
export const CART_FILTERS = ['all', 'locked', 'unlocked', 'reserved', 'inUse', 'stored', 'overdue'] as const;
export type CartFilter = (typeof CART_FILTERS)[number];
export const isCartFilter = (value: string): value is CartFilter =>
  (CART_FILTERS as readonly string[]).includes(value);

/** Ids of the carts booked now: a set, because bookings are a separate list from the carts. */
export type ReservedCartIds = ReadonlySet<string>;
/** Ids of the carts whose ride is overdue now (features/overrun `useOverdueCarts`). */
export type OverdueCartIds = ReadonlySet<string>;
const NO_CARTS: OverdueCartIds = new Set();

type GroupedCart = Pick<CartView, '_id' | 'onlineStatus' | 'inService' | 'inUse' | 'lockStatus'>;

export function isInGroup(cart: GroupedCart, group: CartGroup, reserved: ReservedCartIds): boolean {
  switch (group) {
    case 'all':
      return true;
    case 'live':
      return cart.onlineStatus && cart.inService;
    case 'inUse':
      return isCartInUse(cart);
    case 'reserved':
      return reserved.has(cart._id);
    case 'stored':
      return !cart.inService;
  }
}

export function matchesFilter(
  cart: GroupedCart,
  filter: CartFilter,
  reserved: ReservedCartIds,
  overdue: OverdueCartIds = NO_CARTS,
): boolean {
  switch (filter) {
    case 'overdue':
      return overdue.has(cart._id);
    case 'locked':
      return cart.lockStatus === 1;
    case 'unlocked':
      return cart.lockStatus === 0;
    default:
      return isInGroup(cart, filter, reserved);
  }
}

/** What the operator chose in the panel. */
export interface PanelChoice {
  query: string;
  group: CartGroup;
  filter: CartFilter;
}

/** No search, every group, every filter: where the panel starts and where "show all carts" returns. */
export const EVERY_CART: PanelChoice = { query: '', group: 'all', filter: 'all' };

type PanelCart = GroupedCart & Pick<CartView, 'carNumber' | 'carName' | 'driverName'>;

/**
 * The panel's rows and the count on every group tab. Counts follow the search and the filter, so a tab
 * always promises exactly the rows it shows (searching for '7' tells at a glance which group holds it).
 */
export function panelCarts<C extends PanelCart>(
  carts: readonly C[],
  choice: PanelChoice,
  reserved: ReservedCartIds,
  overdue: OverdueCartIds = NO_CARTS,
): { rows: C[]; counts: Record<CartGroup, number> } {
  const candidates = carts.filter(
    (cart) => matchesMapSearch(cart, choice.query) && matchesFilter(cart, choice.filter, reserved, overdue),
  );
  const counts: Record<CartGroup, number> = { all: 0, live: 0, inUse: 0, reserved: 0, stored: 0 };
  for (const cart of candidates) {
    for (const group of CART_GROUPS) if (isInGroup(cart, group, reserved)) counts[group] += 1;
  }
  return { rows: candidates.filter((cart) => isInGroup(cart, choice.group, reserved)), counts };
}
