import type { CartView } from '@fairway/domain';

/** STUB (owner: device data work). WiFi or cellular signal as dots per §9 (admins also see the value). */
export function SignalIndicator(_props: { cart: CartView; showValue?: boolean }) {
  return null;
}
