import type { CartView } from '@fairway/domain';

/** How messages name a cart: its car number, or its serial while it has none. */
export const cartLabel = (cart: Pick<CartView, 'carNumber' | 'serial'>): string =>
  cart.carNumber ?? cart.serial;
