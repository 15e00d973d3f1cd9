import { createHash } from 'node:crypto';

/** The network every simulated cart's SIM is on (a Danish IoT SIM, as the club fleets use). */
export const SIMULATED_CARRIER = 'Telenor DK';

/**
 * A cart's SIM ICCID, the same at every start: 89 (telecom) 45 (Denmark) 01 (issuer) and 13 digits from
 * the device id, 19 in all (the status' `ccid`, spec §3 gprsCCID).
 */
export function simulatedCcid(deviceId: string): string {
  const hash = createHash('sha256').update(deviceId).digest();
  const digits = Array.from(hash.subarray(0, 13), (byte) => String(byte % 10)).join('');
  return `894501${digits}`;
}

/** Milliseconds between two `log` batches of a cart: 30–60 s, spread over the fleet by the device id. */
export function logIntervalMs(deviceId: string): number {
  const hash = createHash('sha256').update(`log:${deviceId}`).digest();
  return 30_000 + (hash.readUInt32BE(0) % 30_001);
}
