import type { CartView } from '@fairway/domain';

/**
 * STUB (owner: fleet/commands work). Lock or unlock one cart: POST /devices/{id}/lock|unlock, then the
 * outcome (socket `command:update`, else the HTTP answer). Shows the §8 toasts.
 * `disabledReason` is the translated reason the toggle is disabled (from the domain lock rule), or null.
 */
export function useLockToggle(_cart: CartView | null): {
  toggle: () => void;
  pending: boolean;
  disabledReason: string | null;
} {
  return { toggle: () => undefined, pending: false, disabledReason: null };
}
