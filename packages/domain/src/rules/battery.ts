import type { PowerType } from '../schemas/vehicles';

/**
 * Battery charge from the reported voltage (spec §9). Shared so the map, the fleet list and the guest
 * header show the same number for the same cart, and so the curves are written once.
 */
interface BatteryCurve {
  /** Volts at 100 % and at 0 %; between them the charge is read linearly. */
  full: number;
  empty: number;
  /** Resolution of the shown percentage. */
  step: number;
}

const LEAD_ACID: BatteryCurve = { full: 51.78, empty: 43.69, step: 5 };

/** Power types with a known curve. Li-Ion is absent on purpose: its curve is too flat to read a charge from. */
const CURVES: Partial<Record<PowerType, BatteryCurve>> = {
  FLA: LEAD_ACID,
  AGM: LEAD_ACID,
  Gas: { full: 12.7, empty: 11.3, step: 1 },
  'Li-Gen': { full: 53.6, empty: 44.8, step: 1 },
};

/** Guards the step rounding against binary fractions (e.g. 49.999999 that is really 50). */
const EPSILON = 1e-9;

/**
 * Charge in percent for `volts` on a cart with `power`, or null when the power type has no curve.
 * Rounded down to the curve's step, so the display never promises more charge than the pack holds.
 */
export function batteryPercent(volts: number, power: PowerType): number | null {
  const curve = CURVES[power];
  if (!curve || !Number.isFinite(volts)) return null;
  const linear = ((volts - curve.empty) / (curve.full - curve.empty)) * 100;
  const clamped = Math.min(100, Math.max(0, linear));
  return Math.floor(clamped / curve.step + EPSILON) * curve.step;
}

/** What the battery indicator shows; the UI translates each kind ('Charging', '??'). */
export type BatteryStatus =
  | { kind: 'percent'; percent: number }
  | { kind: 'charging' }
  /** Li-Ion: the pack's voltage says too little about its charge to show a percentage. */
  | { kind: 'noPercentage' }
  /** No vehicle info, power type Unknown, or no voltage reported yet: shown as '??'. */
  | { kind: 'unknown' };

export interface BatteryInput {
  battVoltage: number | null;
  battCharge: boolean;
  vehicleInfo: { power: PowerType } | null;
}

export function batteryStatus(cart: BatteryInput): BatteryStatus {
  // A cart on the charger reports a raised voltage that would read as a false 100 %.
  if (cart.battCharge) return { kind: 'charging' };
  const power = cart.vehicleInfo?.power;
  if (power === undefined || power === 'Unknown') return { kind: 'unknown' };
  if (power === 'Li-Ion') return { kind: 'noPercentage' };
  const percent = cart.battVoltage === null ? null : batteryPercent(cart.battVoltage, power);
  return percent === null ? { kind: 'unknown' } : { kind: 'percent', percent };
}

/** The battery icon's levels (spec §9): 95, 90 … 10. */
export const BATTERY_ICON_STEPS = Array.from({ length: 18 }, (_, i) => 95 - i * 5);

/** The icon level for a charge: the highest step not above it, 0 (empty) below the lowest. */
export const batteryIconStep = (percent: number): number =>
  BATTERY_ICON_STEPS.find((step) => percent >= step) ?? 0;
