import { configMessage, type ConfigMessage, type DeviceSettings } from '@fairway/domain';

/** What a cart runs before its first config arrives (and what it falls back to after a factory reset). */
export const FACTORY_SETTINGS: DeviceSettings = {
  autoLockMinutes: 0,
  roundTimeoutMinutes: 0,
  lockFrom: '00:00',
  timezone: 'UTC',
  wifiEnabled: true,
  wifiSSID: '',
  wifiPassword: '',
  recoveryMode: false,
  reportIntervalSeconds: 2,
};

export type ConfigDecision =
  /** newer than what the device runs: apply it, then ack */
  | { kind: 'apply'; config: ConfigMessage }
  /** the version the device already runs (a retained redelivery): ack again, apply nothing */
  | { kind: 'already-running'; version: number }
  /** older than what the device runs: a stale message, ignored without an ack */
  | { kind: 'stale'; version: number }
  /** carries a newer version but does not pass the schema: refuse it with an ack so the server knows */
  | { kind: 'refuse'; version: number; error: string }
  /** not a config at all: logged and dropped */
  | { kind: 'invalid'; error: string };

/**
 * Decides what to do with a payload received on `config`. The version only grows, so comparing it
 * with the running version makes redelivery (retained message, QoS 1 resend) harmless.
 */
export function decideConfig(payload: unknown, runningVersion: number): ConfigDecision {
  const parsed = configMessage.safeParse(payload);
  if (parsed.success) {
    const { version } = parsed.data;
    if (version > runningVersion) return { kind: 'apply', config: parsed.data };
    if (version === runningVersion) return { kind: 'already-running', version };
    return { kind: 'stale', version };
  }
  const error = parsed.error.issues
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  const version = (payload as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && Number.isInteger(version) && version > runningVersion) {
    return { kind: 'refuse', version, error: `invalid config: ${error}` };
  }
  return { kind: 'invalid', error };
}
