import { describe, expect, it } from 'vitest';
import {
  allDevicesTopic,
  deviceMayPublish,
  deviceMaySubscribe,
  deviceTopic,
  parseDeviceTopic,
} from './topics';

const me = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';

describe('device topics', () => {
  it('round-trips a device topic', () => {
    expect(parseDeviceTopic(deviceTopic(me, 'config/ack'))).toEqual({ deviceId: me, channel: 'config/ack' });
    expect(allDevicesTopic('telemetry')).toBe('fairway/v1/devices/+/telemetry');
  });

  it('rejects topics outside the v1 device tree', () => {
    expect(parseDeviceTopic('fairway/v2/devices/x/telemetry')).toBeNull();
    expect(parseDeviceTopic(`fairway/v1/devices/${me}/unknown`)).toBeNull();
    expect(parseDeviceTopic('fairway/v1/devices//telemetry')).toBeNull();
    expect(parseDeviceTopic(`fairway/v1/devices/${me}`)).toBeNull();
  });

  it('lets a device publish only its own inbound channels', () => {
    expect(deviceMayPublish(me, deviceTopic(me, 'telemetry'))).toBe(true);
    expect(deviceMayPublish(me, deviceTopic(me, 'ack'))).toBe(true);
    expect(deviceMayPublish(me, deviceTopic(other, 'telemetry'))).toBe(false);
    // A device must never forge the server's side of its own conversation.
    expect(deviceMayPublish(me, deviceTopic(me, 'command'))).toBe(false);
    expect(deviceMayPublish(me, deviceTopic(me, 'config'))).toBe(false);
  });

  it('lets a device subscribe only to its own command and config', () => {
    expect(deviceMaySubscribe(me, deviceTopic(me, 'command'))).toBe(true);
    expect(deviceMaySubscribe(me, deviceTopic(me, 'config'))).toBe(true);
    expect(deviceMaySubscribe(me, deviceTopic(other, 'command'))).toBe(false);
    expect(deviceMaySubscribe(me, deviceTopic(me, 'telemetry'))).toBe(false);
    expect(deviceMaySubscribe(me, 'fairway/v1/devices/+/command')).toBe(false);
    expect(deviceMaySubscribe(me, 'fairway/#')).toBe(false);
  });
});
