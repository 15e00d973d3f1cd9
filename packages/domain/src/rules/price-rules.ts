import { formatMajor, minimumPriceMinor } from '../catalogues/currencies';
import { clockAt, type ClockReading } from './club-clock';
import { isUnlimited } from './credit-balance';

export { clockAt, type ClockReading };

/**
 * Rules of a service's prices (spec §3 Price, §4 Service applicability, §5). Shared because the web app's
 * service dialog checks them as the operator types, the server refuses what breaks them, and the guest
 * booking (virtual keys) picks the price a driver pays with them.
 */

/** A row of a price's schedule: weekday 0 (Sunday) – 6, 'HH:mm' from `start` up to (not including) `end`. */
export interface TimeWindow {
  day: number;
  start: string;
  end: string;
}

/** Who a price is for and when; no windows = every day, all day (a daily rate). */
export interface PriceSchedule {
  userGroup: string | null;
  availableTimes: readonly TimeWindow[];
}

/** Spec §5: a price is free or at least the currency's minimum; null when `amountMinor` is fine. */
export function priceAmountIssue(amountMinor: number, currency: string): string | null {
  const minimum = minimumPriceMinor(currency);
  if (amountMinor === 0 || amountMinor >= minimum) return null;
  return `Price must be 0 or at least ${formatMajor(minimum, currency)} ${currency}`;
}

export const PRICE_OVERLAP_MESSAGE = 'Two prices for the same user group overlap';

const windowsOverlap = (a: TimeWindow, b: TimeWindow): boolean =>
  a.day === b.day && a.start < b.end && b.start < a.end;

/**
 * Whether two schedules of one group would both apply at some moment and so leave the price ambiguous. A
 * group may have a daily rate (no windows) beside special rates (with windows; the guest prices page shows
 * both kinds): the special one applies inside its windows. Two daily rates always clash; two special rates
 * clash when a window of one overlaps a window of the other on the same day (touching ends do not).
 */
export function schedulesOverlap(a: readonly TimeWindow[], b: readonly TimeWindow[]): boolean {
  if (a.length === 0 || b.length === 0) return a.length === 0 && b.length === 0;
  return a.some((x) => b.some((y) => windowsOverlap(x, y)));
}

/** The indexes of the first two prices of one user group whose schedules overlap, or null. */
export function overlappingPrices(prices: readonly PriceSchedule[]): [number, number] | null {
  for (let i = 0; i < prices.length; i++)
    for (let j = i + 1; j < prices.length; j++)
      if (
        prices[i]!.userGroup === prices[j]!.userGroup &&
        schedulesOverlap(prices[i]!.availableTimes, prices[j]!.availableTimes)
      )
        return [i, j];
  return null;
}

/** Open at `now`: no windows (every day), or a window of today with start ≤ now < end. */
export const availableAt = (times: readonly TimeWindow[], now: ClockReading): boolean =>
  times.length === 0 || times.some((w) => w.day === now.day && w.start <= now.time && now.time < w.end);

export interface BookablePrice extends PriceSchedule {
  /** What a booking with a virtual key costs; null or 0 = not bookable with credits. */
  credits: number | null;
}

/** A virtual-key holder: their user group (null = guest) and credits (negative = unlimited). */
export interface CreditHolder {
  userGroup: string | null;
  credits: number;
}

/**
 * Spec §4 Service applicability: the price a virtual-key holder books a service at, or null when none
 * qualifies (the service is then hidden). A price qualifies when it is the holder's group's or the guest
 * price, is open now and costs more than 0 credits. The fewest credits win; on a tie the holder's own group
 * beats the guest price, then a special rate (with windows) beats a daily one, then the earlier price.
 * `affordable` is false when the holder's credits do not cover it (the service shows, disabled).
 */
export function applicablePrice<P extends BookablePrice>(
  prices: readonly P[],
  holder: CreditHolder,
  now: ClockReading,
): { price: P; affordable: boolean } | null {
  let best: P | null = null;
  for (const price of prices) {
    const qualifies =
      (price.userGroup === null || price.userGroup === holder.userGroup) &&
      price.credits !== null &&
      price.credits > 0 &&
      availableAt(price.availableTimes, now);
    if (qualifies && (best === null || ranksBefore(price, best))) best = price;
  }
  if (!best) return null;
  return { price: best, affordable: isUnlimited(holder.credits) || holder.credits >= best.credits! };
}

/** Only called with qualifying prices, so a non-null group is the holder's own. */
function ranksBefore(a: BookablePrice, b: BookablePrice): boolean {
  if (a.credits !== b.credits) return a.credits! < b.credits!;
  const ownGroup = (p: BookablePrice) => (p.userGroup !== null ? 1 : 0);
  if (ownGroup(a) !== ownGroup(b)) return ownGroup(a) > ownGroup(b);
  const special = (p: BookablePrice) => (p.availableTimes.length > 0 ? 1 : 0);
  return special(a) > special(b);
}
