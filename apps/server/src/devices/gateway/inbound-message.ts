import {
  ackMessage,
  configAckMessage,
  eventMessage,
  fastParser,
  parseDeviceTopic,
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

/** One validated device → server message. */
export type InboundMessage =
  | { channel: 'status'; deviceId: string; message: StatusMessage }
  | { channel: 'telemetry'; deviceId: string; message: TelemetryMessage }
  | { channel: 'ack'; deviceId: string; message: AckMessage }
  | { channel: 'config/ack'; deviceId: string; message: ConfigAckMessage }
  | { channel: 'event'; deviceId: string; message: EventMessage }
  | { channel: 'log'; deviceId: string; message: SystemLogMessage };

export type InboundChannel = InboundMessage['channel'];

export type ParseResult =
  | { ok: true; inbound: InboundMessage }
  /** Nothing to do: an empty retained payload clears a topic, it is not a message. */
  | { ok: true; inbound: null }
  | { ok: false; error: string };

const SCHEMAS = {
  status: statusMessage,
  telemetry: telemetryMessage,
  ack: ackMessage,
  'config/ack': configAckMessage,
  event: eventMessage,
  log: systemLogMessage,
} as const;

/**
 * Telemetry, the message carts send by the thousand, is checked first by a parser compiled from its schema
 * (`fastParser`); anything it does not pass is checked by the schema, which also says what is wrong.
 */
const FAST = { telemetry: fastParser(telemetryMessage) } as Partial<
  Record<InboundChannel, ((input: unknown) => unknown) | null>
>;

const isInbound = (channel: string): channel is InboundChannel => channel in SCHEMAS;

/**
 * The largest payload a cart may send. Its largest legitimate message, an acknowledgement carrying a ping's
 * result (a WiFi scan), stays well under 4 KB; telemetry is ~300 bytes. The embedded broker refuses a
 * larger publish from a cart (docs/device-protocol.md §2), and the gateway drops one before parsing it.
 */
export const MAX_DEVICE_PAYLOAD_BYTES = 16 * 1024;

/** Device ids are database uuids; checking here keeps malformed ids away from `::uuid[]` casts. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Topic + payload → a typed message, or the reason it is not one. Never throws: a cart with broken
 * firmware must cost a counter and a debug line, not the gateway.
 */
export function parseInbound(topic: string, payload: Buffer | string): ParseResult {
  const parsed = parseDeviceTopic(topic);
  if (!parsed || !isInbound(parsed.channel)) return { ok: false, error: 'not a device → server topic' };
  if (!UUID.test(parsed.deviceId)) return { ok: false, error: 'device id is not a uuid' };
  if (payload.length === 0) return { ok: true, inbound: null };
  // A handed-over payload is text (broker/device-handover.ts), whose length in characters is at most its
  // length in bytes: the embedded broker already refused a cart's publish over the limit in bytes.
  if (payload.length > MAX_DEVICE_PAYLOAD_BYTES) return { ok: false, error: 'payload too large' };
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return { ok: false, error: 'payload is not JSON' };
  }
  const fast = FAST[parsed.channel]?.(json);
  if (fast)
    return {
      ok: true,
      inbound: { channel: parsed.channel, deviceId: parsed.deviceId, message: fast } as InboundMessage,
    };
  const result = SCHEMAS[parsed.channel].safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, error: `${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'invalid'}` };
  }
  return {
    ok: true,
    inbound: { channel: parsed.channel, deviceId: parsed.deviceId, message: result.data } as InboundMessage,
  };
}
