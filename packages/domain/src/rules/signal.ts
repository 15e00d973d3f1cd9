import type { CartView } from '../schemas/devices';

/**
 * Signal strength of a cart's current link as 0–4 dots (spec §9). Shared so the map's bottom sheet, the
 * fleet list and the admin device table agree on what "good signal" means.
 */
export type SignalDots = 0 | 1 | 2 | 3 | 4;

/** WiFi strength in percent from the RSSI in dBm: -100 dBm and below is 0 %, -50 dBm and above 100 %. */
export const wifiStrength = (rssi: number): number => Math.min(100, Math.max(0, 2 * (rssi + 100)));

/** Strength thresholds (percent) for 4, 3, 2 and 1 dots; below the last, no dot. */
const WIFI_THRESHOLDS = [90, 75, 50, 10] as const;

/**
 * Dots for a WiFi RSSI, or null when there is no reading. A real RSSI is always negative; the tracker's
 * WiFi chip reports 0 when it has none, which must not read as full strength.
 */
export function wifiDots(rssi: number | null): SignalDots | null {
  if (rssi === null || !Number.isFinite(rssi) || rssi >= 0) return null;
  const strength = wifiStrength(rssi);
  const passed = WIFI_THRESHOLDS.findIndex((threshold) => strength >= threshold);
  return passed === -1 ? 0 : ((WIFI_THRESHOLDS.length - passed) as SignalDots);
}

/** The modem's CSQ for "not known or not detectable" (3GPP TS 27.007). */
export const CSQ_UNKNOWN = 99;

/** CSQ thresholds for 4, 3 and 2 dots. */
const CSQ_THRESHOLDS = [23, 15, 8] as const;

/**
 * Dots for a cellular CSQ (0–31), or null when unknown. The spec's list reads "99, at least 23, 15, 8":
 * 99 is the modem's unknown value and shows no dots; every measured CSQ below 8 still shows one dot,
 * because the cart is reporting over that very link, so it is weak but not absent. Values outside 0–31
 * are not a CSQ and count as unknown.
 */
export function cellularDots(csq: number | null): SignalDots | null {
  if (csq === null || !Number.isInteger(csq) || csq < 0 || csq > 31) return null;
  const passed = CSQ_THRESHOLDS.findIndex((threshold) => csq >= threshold);
  return passed === -1 ? 1 : ((CSQ_THRESHOLDS.length + 1 - passed) as SignalDots);
}

export interface CartSignal {
  /** The link the cart reports over: W (WiFi) or G (cellular); null before its first report. */
  conType: 'W' | 'G' | null;
  /** The raw reading of that link: RSSI in dBm for W, CSQ for G (shown to admins). */
  value: number | null;
  /** null: no usable reading. */
  dots: SignalDots | null;
}

/** The signal of the link the cart is using now (its conType). */
export function cartSignal(cart: Pick<CartView, 'conType' | 'wifiSignal' | 'gprsSignal'>): CartSignal {
  if (cart.conType === 'W') return { conType: 'W', value: cart.wifiSignal, dots: wifiDots(cart.wifiSignal) };
  if (cart.conType === 'G')
    return { conType: 'G', value: cart.gprsSignal, dots: cellularDots(cart.gprsSignal) };
  return { conType: null, value: null, dots: null };
}
