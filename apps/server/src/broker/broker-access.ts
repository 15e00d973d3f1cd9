// The subpath, not the barrel: the broker's worker thread loads only the topic rules (not every schema).
import { deviceMayPublish, deviceMaySubscribe, deviceTopic } from '@fairway/domain/protocol/topics';
import type { DeviceIdentity } from './device-credentials';

/** Who an authenticated broker connection is: the Fairway server itself, or one cart. */
export type BrokerIdentity = { kind: 'server' } | ({ kind: 'device' } & DeviceIdentity);

/** Everything the server publishes or subscribes to lives under this root (device protocol v1 and later). */
const SERVER_ROOT = 'fairway/';

/**
 * Topic rules of the embedded broker, the same ones the Mosquitto dynsec roles and the EMQX ACL express
 * (docs/device-protocol.md): a cart publishes only its own outbound channels and subscribes only to its own
 * inbound ones, never with wildcards; the server may use all of `fairway/`. `null` means allowed, otherwise
 * the reason for the refusal.
 */
export function publishRefusal(identity: BrokerIdentity, topic: string): string | null {
  if (identity.kind === 'server') return topic.startsWith(SERVER_ROOT) ? null : 'outside fairway/';
  return deviceMayPublish(identity.deviceId, topic) ? null : 'not one of its own outbound topics';
}

export function subscribeRefusal(identity: BrokerIdentity, topicFilter: string): string | null {
  if (identity.kind === 'server') return topicFilter.startsWith(SERVER_ROOT) ? null : 'outside fairway/';
  return deviceMaySubscribe(identity.deviceId, topicFilter) ? null : 'not one of its own inbound topics';
}

/**
 * A last will published without its connection (left in persistence by a broker instance that died) is
 * allowed only when it is the status topic of the client it belongs to, which is the only will a cart sets.
 */
export const orphanWillAllowed = (clientId: string | undefined, topic: string): boolean =>
  clientId !== undefined && topic === deviceTopic(clientId, 'status');
