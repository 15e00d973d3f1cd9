import type { CartView } from '@fairway/domain';
import { formatDistanceStrict, type Locale } from 'date-fns';
import type { TFunction } from 'i18next';

/**
 * The status chip's time (spec §2 Fleet): when an online cart last reported, or since when an offline one
 * is disconnected. Clamped to now, so a cart clock slightly ahead never reads "in 2 seconds".
 */
export function lastSeenText(
  t: TFunction,
  cart: Pick<CartView, 'onlineStatus' | 'timeUTC' | 'disconnectedAt'>,
  now: number,
  locale: Locale,
): string {
  const since = cart.onlineStatus ? cart.timeUTC : (cart.disconnectedAt ?? cart.timeUTC);
  if (!since) return t('fleet.status.neverSeen');
  const time = formatDistanceStrict(Math.min(Date.parse(since), now), now, { addSuffix: true, locale });
  return cart.onlineStatus
    ? t('fleet.status.lastSeen', { time })
    : t('fleet.status.disconnectedSince', { time });
}
