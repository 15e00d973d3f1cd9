/**
 * A link that opens one cart on the live map (`/?cart=<id>`): the map selects it, opens its sheet and flies
 * there. Below the features because the map reads it and alerts elsewhere (the overrun toast) write it.
 */
export const CART_LINK_PARAM = 'cart';

export const cartOnMapPath = (cartId: string): string =>
  `/?${new URLSearchParams({ [CART_LINK_PARAM]: cartId }).toString()}`;
