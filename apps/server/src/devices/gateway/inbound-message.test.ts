import { deviceTopic, telemetryMessage } from '@fairway/domain';
import { describe, expect, it, vi } from 'vitest';
import { telemetry } from '../../../test/fleet-fixtures';
import { parseInbound } from './inbound-message';

const ID = '7b0e5f0e-8d7f-4d8e-9a61-3c1b2f3f6a10';
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('parseInbound', () => {
  it('types a valid report and strips unknown fields', () => {
    const report = telemetry();
    const result = parseInbound(deviceTopic(ID, 'telemetry'), json({ ...report, firmwareExtra: 1 }));
    expect(result).toEqual({ ok: true, inbound: { channel: 'telemetry', deviceId: ID, message: report } });
  });

  it('treats an empty payload (a cleared retained topic) as nothing to do', () => {
    expect(parseInbound(deviceTopic(ID, 'status'), Buffer.alloc(0))).toEqual({ ok: true, inbound: null });
  });

  it.each([
    ['a server → device channel', deviceTopic(ID, 'command'), json({})],
    ['a topic outside the device tree', 'fairway/v1/other/x/telemetry', json({})],
    ['a device id that is not a uuid', 'fairway/v1/devices/cart-7/telemetry', json(telemetry())],
    ['a payload that is not JSON', deviceTopic(ID, 'telemetry'), Buffer.from('{"lat":')],
    ['a payload off the schema', deviceTopic(ID, 'telemetry'), json({ ...telemetry(), lat: 123 })],
  ])('refuses %s, with a reason', (_case, topic, payload) => {
    const result = parseInbound(topic, payload);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.length).toBeGreaterThan(0);
  });

  it('refuses an oversized payload before parsing it, even a valid report padded to 1 MB', () => {
    const padded = json({ ...telemetry(), padding: 'x'.repeat(1024 * 1024) });
    expect(parseInbound(deviceTopic(ID, 'telemetry'), padded)).toEqual({
      ok: false,
      error: 'payload too large',
    });
  });

  it('passes a valid report without asking the schema, and asks it for an invalid one, which it names', () => {
    const schema = vi.spyOn(telemetryMessage, 'safeParse');
    try {
      expect(parseInbound(deviceTopic(ID, 'telemetry'), json(telemetry())).ok).toBe(true);
      expect(schema).not.toHaveBeenCalled();
      const result = parseInbound(deviceTopic(ID, 'telemetry'), json({ ...telemetry(), speed: -1 }));
      expect(result).toMatchObject({ ok: false, error: expect.stringContaining('speed') });
      expect(schema).toHaveBeenCalledTimes(1);
    } finally {
      schema.mockRestore();
    }
  });

  it('names the offending field', () => {
    const result = parseInbound(deviceTopic(ID, 'config/ack'), json({ version: 0, ok: true, ts: 1 }));
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('version') });
  });
});
