/**
 * MQTT topic layout of device protocol v1 (docs/device-protocol.md).
 * Every device owns exactly the subtree `fairway/v1/devices/{deviceId}/…`; broker ACLs are written
 * against this prefix, so it must stay the single source of topic names for server, simulator and docs.
 */
export const PROTOCOL_VERSION = 1;
export const TOPIC_ROOT = 'fairway/v1/devices';

/** Channels a device publishes on (device → server). */
export const DEVICE_PUBLISHES = ['status', 'telemetry', 'ack', 'config/ack', 'event', 'log'] as const;
/** Channels a device subscribes to (server → device). */
export const DEVICE_SUBSCRIBES = ['command', 'config'] as const;

export type DeviceChannel = (typeof DEVICE_PUBLISHES)[number] | (typeof DEVICE_SUBSCRIBES)[number];

export const deviceTopic = (deviceId: string, channel: DeviceChannel): string =>
  `${TOPIC_ROOT}/${deviceId}/${channel}`;

/** Wildcard subscription the server uses for one inbound channel of all devices. */
export const allDevicesTopic = (channel: DeviceChannel): string => `${TOPIC_ROOT}/+/${channel}`;

export interface ParsedTopic {
  deviceId: string;
  channel: DeviceChannel;
}

const CHANNELS = new Set<string>([...DEVICE_PUBLISHES, ...DEVICE_SUBSCRIBES]);

/** Splits a topic into device id and channel; null for anything outside the v1 device tree. */
export function parseDeviceTopic(topic: string): ParsedTopic | null {
  if (!topic.startsWith(`${TOPIC_ROOT}/`)) return null;
  const rest = topic.slice(TOPIC_ROOT.length + 1);
  const slash = rest.indexOf('/');
  if (slash <= 0) return null;
  const deviceId = rest.slice(0, slash);
  const channel = rest.slice(slash + 1);
  if (!CHANNELS.has(channel)) return null;
  return { deviceId, channel: channel as DeviceChannel };
}

/** True when `topic` may be published by the device `deviceId`. */
export const deviceMayPublish = (deviceId: string, topic: string): boolean => {
  const parsed = parseDeviceTopic(topic);
  return (
    parsed !== null &&
    parsed.deviceId === deviceId &&
    (DEVICE_PUBLISHES as readonly string[]).includes(parsed.channel)
  );
};

/** True when `topic` (no wildcards allowed) may be subscribed to by the device `deviceId`. */
export const deviceMaySubscribe = (deviceId: string, topic: string): boolean => {
  const parsed = parseDeviceTopic(topic);
  return (
    parsed !== null &&
    parsed.deviceId === deviceId &&
    (DEVICE_SUBSCRIBES as readonly string[]).includes(parsed.channel)
  );
};

/** QoS per channel: telemetry is fire-and-forget (the next report supersedes it), everything else is at least once. */
export const CHANNEL_QOS: Record<DeviceChannel, 0 | 1> = {
  status: 1,
  telemetry: 0,
  ack: 1,
  'config/ack': 1,
  event: 1,
  log: 1,
  command: 1,
  config: 1,
};
