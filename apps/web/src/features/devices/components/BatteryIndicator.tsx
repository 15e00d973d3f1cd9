import type { CartView } from '@fairway/domain';

/** STUB (owner: device data work). Battery icon + percentage per the §9 curves, or 'Charging'. */
export function BatteryIndicator(_props: { cart: CartView }) {
  return null;
}
