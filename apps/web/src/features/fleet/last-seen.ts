import type { CartView } from '@fairway/domain';
import { formatDistanceStrict, type Locale } from 'date-fns';
import type { TFunction } from 'i18next';

/** Under a minute reads "just now": the fleet's clock moves every 30 s, so seconds would only mislead. */
const JUST_NOW_MS = 60_000;

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
  const at = Math.min(Date.parse(since), now);
  if (now - at < JUST_NOW_MS)
    return t(cart.onlineStatus ? 'fleet.status.lastSeenJustNow' : 'fleet.status.disconnectedJustNow');
  const time = formatDistanceStrict(at, now, { addSuffix: true, locale });
  return cart.onlineStatus
    ? t('fleet.status.lastSeen', { time })
    : t('fleet.status.disconnectedSince', { time });
}
