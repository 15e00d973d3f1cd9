import {
  ackMessage,
  configAckMessage,
  eventMessage,
  statusMessage,
  systemLogMessage,
  telemetryMessage,
  type AckMessage,
  type ConfigAckMessage,
  type EventMessage,
  type StatusMessage,
  type SystemLogMessage,
  type TelemetryMessage,
} from '@fairway/domain';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { batteryVolts, type CartModel } from './cart-model';
import type { VitalsReading } from './vitals';

/** What the device publishes on, and the schema every payload on that channel must pass. */
export const OUTBOUND_SCHEMAS = {
  status: statusMessage,
  telemetry: telemetryMessage,
  ack: ackMessage,
  'config/ack': configAckMessage,
  event: eventMessage,
  log: systemLogMessage,
} as const;

export type OutboundChannel = keyof typeof OUTBOUND_SCHEMAS;

export interface OutboundMessages {
  status: StatusMessage;
  telemetry: TelemetryMessage;
  ack: AckMessage;
  'config/ack': ConfigAckMessage;
  event: EventMessage;
  log: SystemLogMessage;
}

export class OutboundMessageError extends Error {
  constructor(channel: OutboundChannel, issues: string) {
    super(`Outbound ${channel} message does not pass the protocol schema: ${issues}`);
    this.name = 'OutboundMessageError';
  }
}

/**
 * Serialises a message after checking it against the protocol schema: a simulator bug must show up
 * here, not as a confusing rejection in the server's gateway.
 */
export function encodeOutbound<C extends OutboundChannel>(channel: C, message: OutboundMessages[C]): string {
  const schema: z.ZodType = OUTBOUND_SCHEMAS[channel];
  const parsed = schema.safeParse(message);
  if (!parsed.success) {
    throw new OutboundMessageError(
      channel,
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  }
  return JSON.stringify(message);
}

/** The last will: the broker publishes it (retained) when the link drops without a DISCONNECT. */
export const OFFLINE_WILL: StatusMessage = { online: false };

export const onlineStatus = (now: number, firmware: string, configVersion: number): StatusMessage => ({
  online: true,
  ts: now,
  firmware,
  configVersion,
});

/** Published (retained) before a clean disconnect, so the offline state carries a timestamp. */
export const offlineStatus = (now: number, firmware: string, configVersion: number): StatusMessage => ({
  online: false,
  ts: now,
  firmware,
  configVersion,
});

const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

export function buildTelemetry(
  cart: CartModel,
  vitals: VitalsReading,
  speedKmh: number,
  uptimeS: number,
  now: number,
): TelemetryMessage {
  const telemetry: TelemetryMessage = {
    ts: now,
    // 6 decimals is ~0.1 m, the precision the product keeps (spec §9).
    lat: round(cart.position[0], 6),
    lng: round(cart.position[1], 6),
    speed: round(Math.max(0, speedKmh), 1),
    heading: round(cart.heading, 0) % 360,
    gpsLock: vitals.gpsLock,
    lock: cart.lock,
    key: cart.key,
    keyAlarm: cart.keyAlarm,
    battV: round(batteryVolts(cart.stateOfCharge), 2),
    charging: cart.charging,
    odometer: round(cart.odometerKm, 3),
    conType: vitals.conType,
    uptime: Math.max(0, Math.floor(uptimeS)),
    temp: vitals.temp,
  };
  if (vitals.wifiRssi !== undefined) telemetry.wifiRssi = vitals.wifiRssi;
  if (vitals.csq !== undefined) telemetry.csq = vitals.csq;
  return telemetry;
}

export function buildAck(
  id: string,
  now: number,
  outcome: { ok: true; result?: Record<string, unknown> } | { ok: false; error: string },
): AckMessage {
  return outcome.ok
    ? { id, ok: true, ts: now, ...(outcome.result ? { result: outcome.result } : {}) }
    : { id, ok: false, error: outcome.error.slice(0, 200), ts: now };
}

export const buildConfigAck = (version: number, now: number, error?: string): ConfigAckMessage =>
  error === undefined
    ? { version, ok: true, ts: now }
    : { version, ok: false, error: error.slice(0, 200), ts: now };

export const buildEvent = (
  type: EventMessage['type'],
  data: Record<string, unknown>,
  now: number,
): EventMessage => ({
  id: randomUUID(),
  ts: now,
  type,
  data,
});
