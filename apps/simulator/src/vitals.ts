import type { CartModel } from './cart-model';
import { distanceM, type LatLng } from './geo';
import type { Random } from './random';

/**
 * The tracker's own readings that are not physics: GPS satellites, radio link and temperature.
 * Each wanders a little from report to report (a random walk) instead of jumping, as real ones do.
 */
export interface Vitals {
  satellites: number;
  /** cellular signal quality, 0–31 */
  csq: number;
  /** ambient temperature the tracker settles to, °C */
  ambientC: number;
  tempC: number;
}

export interface VitalsReading {
  /** satellites in the fix */
  gpsLock: number;
  conType: 'W' | 'G';
  wifiRssi?: number;
  csq?: number;
  temp: number;
}

/** Within this distance of the barn the cart hears the club's WiFi and uses it. */
export const WIFI_RANGE_M = 120;

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

export function createVitals(random: Random): Vitals {
  const ambientC = random.between(8, 18);
  return { satellites: random.int(6, 11), csq: random.int(12, 28), ambientC, tempC: ambientC + 3 };
}

/** One reading for a report; moves the random walks on by a step. */
export function readVitals(
  vitals: Vitals,
  cart: CartModel,
  barn: LatLng,
  wifiEnabled: boolean,
  random: Random,
): VitalsReading {
  const fromBarn = distanceM(cart.position, barn);
  const underRoof = cart.activity.kind === 'parked';
  // Under the barn roof the receiver sees fewer satellites.
  vitals.satellites = clamp(vitals.satellites + random.int(-1, 1), 5, underRoof ? 7 : 12);
  vitals.csq = clamp(vitals.csq + random.int(-2, 2), 8, 31);
  // The electronics run warmer while the charger or the motor works.
  const target = vitals.ambientC + (cart.charging ? 6 : cart.speedKmh > 0 ? 4 : 2);
  vitals.tempC += (target - vitals.tempC) * 0.1 + random.between(-0.2, 0.2);

  const reading: VitalsReading = {
    gpsLock: vitals.satellites,
    conType: 'G',
    temp: Math.round(vitals.tempC * 10) / 10,
  };
  if (wifiEnabled && fromBarn <= WIFI_RANGE_M) {
    reading.conType = 'W';
    reading.wifiRssi = Math.round(clamp(-38 - fromBarn * 0.4 + random.between(-3, 3), -95, -30));
  } else {
    reading.csq = vitals.csq;
  }
  return reading;
}
