import {
  COMMAND_CODES,
  LOG_SNAPSHOT_GROUPS,
  logRequestResult,
  statusMessage,
  systemLogMessage,
  wifiScanResult,
  type ConfigMessage,
} from '@fairway/domain';
import { describe, expect, it } from 'vitest';
import { FACTORY_SETTINGS } from './config';
import { command, recordingDevice } from './device.test-support';
import { SIMULATED_CARRIER, logIntervalMs, simulatedCcid } from './sim-identity';

const config = (clockNow: number): ConfigMessage => ({
  version: 1,
  issuedAt: clockNow,
  settings: {
    ...FACTORY_SETTINGS,
    wifiEnabled: true,
    wifiSSID: 'A-very-long-club-network-name-xyz',
    wifiPassword: 'hunter2-secret',
  },
  codes: [
    { code: '1234', type: 'keypad', expires: null },
    { code: '0099887766', type: 'rfid', expires: null },
    { code: '5555', type: 'master', expires: null },
  ],
  zones: [],
});

describe('log request and WiFi scan answers (issue 20)', () => {
  it('answers a log request with the snapshot grouped as the side panel shows it, without secrets', () => {
    const { device, clock, on } = recordingDevice();
    device.receiveConfig(config(clock.now));
    device.receiveCommand(command(clock.now, { name: 'ping', code: COMMAND_CODES.requestLog }));
    const result = logRequestResult.parse(on('ack')[0]!.result);
    expect(Object.keys(result.snapshot)).toEqual([...LOG_SNAPSHOT_GROUPS]);
    expect(result.snapshot.system).toMatchObject({ firmware: 'fairway-sim-1.0.0', resetReason: 'POWERON' });
    expect(result.snapshot.wifi).toMatchObject({ enabled: '1', ssid: 'A-very-long-club-network-name-xyz' });
    expect(result.snapshot.modemSim).toMatchObject({
      ccid: simulatedCcid('cart-1'),
      carrier: SIMULATED_CARRIER,
      catM1: '1',
    });
    expect(result.snapshot.locking).toMatchObject({
      lock: '1',
      key: '0',
      autoLock: FACTORY_SETTINGS.autoLockMinutes,
    });
    expect(result.snapshot.batteryCharging).toMatchObject({ battV: expect.any(Number) });
    expect(result.snapshot.rfid).toEqual({ codes: 3, rfid: 1, keypad: 1, master: 1, virtualKey: 0 });
    expect(result.lines.at(-1)).toMatch(/ I config v1 applied$/);
    const text = JSON.stringify(result);
    for (const secret of ['hunter2-secret', '"0099887766"', '"1234"', '"5555"'])
      expect(text.includes(secret), `snapshot leaks ${secret}`).toBe(false);
  });

  it('answers a WiFi scan the server can store, even for a site SSID longer than a radio allows', () => {
    const { device, clock, on } = recordingDevice();
    device.receiveConfig(config(clock.now));
    device.receiveCommand(command(clock.now, { name: 'ping', code: COMMAND_CODES.wifiScan }));
    const { networks } = wifiScanResult.parse(on('ack')[0]!.result);
    expect(networks[0]!.ssid).toBe('A-very-long-club-network-name-xy');
  });
});

describe('SIM identity in the status (issue 20)', () => {
  it('names a 19-digit ICCID, the same for the same cart, and the carrier', () => {
    const { device } = recordingDevice();
    const status = statusMessage.parse(device.statusOnline());
    expect(status.ccid).toMatch(/^\d{19}$/);
    expect(status).toMatchObject({ ccid: simulatedCcid('cart-1'), carrier: 'Telenor DK' });
    expect(simulatedCcid('cart-1')).toBe(simulatedCcid('cart-1'));
    expect(simulatedCcid('cart-2')).not.toBe(simulatedCcid('cart-1'));
  });
});

describe('system log batches on `log` (issue 20)', () => {
  it('sends the new lines every 30–60 s, at most 40 a batch, nothing when there is nothing new', () => {
    const { device, clock, on } = recordingDevice();
    const interval = logIntervalMs('cart-1');
    expect(interval).toBeGreaterThanOrEqual(30_000);
    expect(interval).toBeLessThanOrEqual(60_000);
    expect(device.sendLogIfDue(clock.now)).toBe(false);
    device.linkUp(clock.now);
    clock.now += interval;
    expect(device.sendLogIfDue(clock.now)).toBe(true);
    const [first] = on('log');
    expect(systemLogMessage.parse(first)).toEqual(first);
    expect(first!.lines.map((line) => line.body)).toEqual([
      'I boot fairway-sim-1.0.0 reason=POWERON',
      'I mqtt connected',
    ]);

    // Quiet: nothing goes out at the next due time.
    clock.now += 60_000;
    expect(device.sendLogIfDue(clock.now)).toBe(false);

    // 90 commands' lines: the backlog drains in batches of 40 with fresh ids, in order.
    for (let i = 0; i < 90; i += 1) device.receiveCommand(command(clock.now, { name: 'ping', code: 10 }));
    for (let i = 0; i < 4; i += 1) {
      clock.now += 60_000;
      device.sendLogIfDue(clock.now);
    }
    const batches = on('log').slice(1);
    expect(batches.map((batch) => batch.lines.length)).toEqual([40, 40, 10]);
    expect(new Set(batches.map((batch) => batch.id)).size).toBe(3);
    const bodies = batches.flatMap((batch) => batch.lines.map((line) => line.body));
    expect(bodies.every((body) => /^I cmd ping 10 cmd-\d+ ok$/.test(body))).toBe(true);
    expect(new Set(bodies).size).toBe(90);
  });
});
