import type { GuestCartView } from '@fairway/domain';
import type { Translate } from '../i18n/translator';

/** 'Cart 12'; a cart without a number by its name. */
export const cartTitle = (t: Translate, cart: Pick<GuestCartView, 'carNumber' | 'carName'>): string =>
  cart.carNumber ? t('cart.title', { number: cart.carNumber }) : cart.carName || t('cart.titleNoNumber');
