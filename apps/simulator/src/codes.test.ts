import type { ConfigMessage } from '@fairway/domain';
import { describe, expect, it } from 'vitest';
import { decideCode, type ConfigCode } from './codes';
import { FACTORY_SETTINGS } from './config';
import { recordingDevice } from './device.test-support';

const NOW = 1_767_225_600_000;
const MINUTE = 60_000;

const CODES: ConfigCode[] = [
  { code: '900001', type: 'master', expires: null },
  { code: '123456', type: 'keypad', expires: null },
  { code: '654321', type: 'keypad', expires: NOW + MINUTE },
  { code: '111111', type: 'keypad', expires: NOW - MINUTE },
  { code: '4400123', type: 'rfid', expires: null },
  { code: '222222', type: 'virtualKey', expires: null },
];

describe('decideCode', () => {
  it('unlocks with a keypad code or the master code on the keypad, and an RFID tag on the reader', () => {
    expect(decideCode('123456', 'keypad', CODES, NOW)).toEqual({ kind: 'unlock', type: 'keypad' });
    expect(decideCode('900001', 'keypad', CODES, NOW)).toEqual({ kind: 'unlock', type: 'master' });
    expect(decideCode('654321', 'keypad', CODES, NOW)).toEqual({ kind: 'unlock', type: 'keypad' });
    expect(decideCode('4400123', 'rfid', CODES, NOW)).toEqual({ kind: 'unlock', type: 'rfid' });
  });

  it("refuses a code the config does not hold as 'unknown'", () => {
    expect(decideCode('999999', 'keypad', CODES, NOW)).toEqual({ kind: 'refuse', reason: 'unknown' });
    expect(decideCode('5', 'rfid', CODES, NOW)).toEqual({ kind: 'refuse', reason: 'unknown' });
    expect(decideCode('123456', 'keypad', [], NOW)).toEqual({ kind: 'refuse', reason: 'unknown' });
  });

  it("refuses a code of another type as 'wrong-type': tags on the keypad, codes and virtual keys elsewhere", () => {
    expect(decideCode('4400123', 'keypad', CODES, NOW)).toEqual({ kind: 'refuse', reason: 'wrong-type' });
    expect(decideCode('123456', 'rfid', CODES, NOW)).toEqual({ kind: 'refuse', reason: 'wrong-type' });
    expect(decideCode('900001', 'rfid', CODES, NOW)).toEqual({ kind: 'refuse', reason: 'wrong-type' });
    expect(decideCode('222222', 'keypad', CODES, NOW)).toEqual({ kind: 'refuse', reason: 'wrong-type' });
  });

  it("refuses an expired code as 'expired', from the instant it expires", () => {
    expect(decideCode('111111', 'keypad', CODES, NOW)).toEqual({ kind: 'refuse', reason: 'expired' });
    expect(decideCode('654321', 'keypad', CODES, NOW + MINUTE)).toEqual({
      kind: 'refuse',
      reason: 'expired',
    });
    expect(decideCode('654321', 'keypad', CODES, NOW + MINUTE - 1)).toEqual({
      kind: 'unlock',
      type: 'keypad',
    });
  });
});

const config = (codes: ConfigCode[], version = 1): ConfigMessage => ({
  version,
  issuedAt: NOW,
  settings: { ...FACTORY_SETTINGS },
  codes,
  zones: [],
});

describe('a cart with a keypad and an RFID reader', () => {
  it('unlocks with a valid code: the event first, then a report with lock 0', () => {
    const { device, sent } = recordingDevice();
    device.receiveConfig(config(CODES));
    sent.length = 0;
    expect(device.enterCode('123456', 'keypad')).toEqual({ kind: 'unlock', type: 'keypad' });
    expect(device.lock).toBe(0);
    expect(sent.map((entry) => entry.channel)).toEqual(['event', 'telemetry']);
    expect(sent[0]!.message).toMatchObject({ type: 'keypad_unlock', data: { code: '123456' } });
    expect(sent[1]!.message).toMatchObject({ lock: 0 });
  });

  it('announces a tag as rfid_unlock', () => {
    const { device, on } = recordingDevice();
    device.receiveConfig(config(CODES));
    device.enterCode('4400123', 'rfid');
    expect(device.lock).toBe(0);
    expect(on('event')).toMatchObject([{ type: 'rfid_unlock', data: { code: '4400123' } }]);
  });

  it('stays locked on a refused code and says why, without a report', () => {
    const { device, sent, on } = recordingDevice();
    device.receiveConfig(config(CODES));
    sent.length = 0;
    device.enterCode('111111', 'keypad');
    device.enterCode('123456', 'rfid');
    device.enterCode('000000', 'keypad');
    expect(device.lock).toBe(1);
    expect(sent.every((entry) => entry.channel === 'event')).toBe(true);
    expect(on('event').map((event) => [event.type, event.data])).toEqual([
      ['code_refused', { code: '111111', reason: 'expired' }],
      ['code_refused', { code: '123456', reason: 'wrong-type' }],
      ['code_refused', { code: '000000', reason: 'unknown' }],
    ]);
  });

  it('refuses every code before its first config, and follows a newer config that drops a code', () => {
    const { device, on } = recordingDevice();
    device.enterCode('123456', 'keypad');
    device.receiveConfig(config(CODES, 1));
    device.receiveConfig(config([], 2));
    device.enterCode('123456', 'keypad');
    expect(device.lock).toBe(1);
    expect(on('event').map((event) => event.data.reason)).toEqual(['unknown', 'unknown']);
  });

  it('keeps its code log free of the codes themselves', () => {
    const { device } = recordingDevice();
    device.receiveConfig(config(CODES));
    device.enterCode('111111', 'keypad');
    device.enterCode('123456', 'keypad');
    const lines = device.logLines().join('\n');
    expect(lines).toContain('keypad code refused: expired');
    expect(lines).toContain('keypad unlock');
    expect(lines).not.toContain('111111');
    expect(lines).not.toContain('123456');
  });
});

describe('a player taking a cart from the barn', () => {
  /** A parked cart whose player comes after `takeInS` simulated seconds. */
  const parkedCart = (codes: ConfigCode[]) => {
    const recording = recordingDevice({ meanParkedS: 60 });
    recording.device.receiveConfig(config(codes));
    recording.device.model.stateOfCharge = 1;
    recording.device.model.activity = { kind: 'parked', takeInS: 5 };
    recording.clock.now += 10_000;
    recording.device.advance();
    return recording;
  };

  it('uses one of the member codes or tags of the config that are still valid', () => {
    const { device, on } = parkedCart(CODES);
    expect(device.lock).toBe(0);
    const [event] = on('event');
    const usable = [
      ['keypad_unlock', '123456'],
      ['keypad_unlock', '654321'],
      ['rfid_unlock', '4400123'],
    ];
    expect(usable).toContainEqual([event!.type, event!.data.code]);
  });

  it("unlocks with 'local' when the config holds no member code (only the master)", () => {
    const { device, on } = parkedCart([{ code: '900001', type: 'master', expires: null }]);
    expect(device.lock).toBe(0);
    expect(on('event')).toMatchObject([{ type: 'keypad_unlock', data: { code: 'local' } }]);
  });
});
