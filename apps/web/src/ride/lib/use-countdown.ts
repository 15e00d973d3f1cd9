import { useNow } from './use-now';

/**
 * Whole seconds left until `until` (epoch ms), ticking each second while any are left; 0 when `until` is
 * null or has passed. A component shows a server's "try again in" wait with it, in the guest's language.
 */
export function useCountdown(until: number | null): number {
  const now = useNow(1_000, until !== null);
  if (until === null) return 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}
