import { COMMAND_CODES, type ConfigMessage } from '@fairway/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOUND_DURATION_MS, type LinkAction } from './commands';
import { FACTORY_SETTINGS } from './config';
import { command, recordingDevice } from './device.test-support';

describe('command handling', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('executes and acks a command once per id, however often it is delivered', () => {
    const { device, clock, on } = recordingDevice();
    const unlock = command(clock.now, { name: 'unlock' });
    device.receiveCommand(unlock);
    expect(device.lock).toBe(0);
    // The cart is taken back (locked) by hand; a redelivered unlock must not unlock it again.
    device.lockCart();
    clock.now += 1_000;
    device.receiveCommand(unlock);
    device.receiveCommand(unlock);
    expect(device.lock).toBe(1);
    expect(on('ack')).toEqual([{ id: unlock.id, ok: true, ts: clock.now - 1_000 }]);
  });

  it('refuses a command received after its expiresAt without executing it', () => {
    const { device, clock, on } = recordingDevice();
    const unlock = command(clock.now - 60_000, { name: 'unlock', expiresAt: clock.now - 1 });
    device.receiveCommand(unlock);
    expect(device.lock).toBe(1);
    expect(on('ack')).toEqual([{ id: unlock.id, ok: false, error: 'expired', ts: clock.now }]);
  });

  it('judges expiry on arrival, so a slow answer to a command that arrived in time still runs', async () => {
    vi.useFakeTimers();
    const { device, clock, on } = recordingDevice();
    device.setAckDelay(5_000);
    device.receiveCommand(command(clock.now, { name: 'unlock', expiresAt: clock.now + 1_000 }));
    clock.now += 5_000;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(on('ack')).toMatchObject([{ ok: true }]);
    expect(device.lock).toBe(0);
  });

  it('answers lock and unlock that would change nothing with "already locked" / "already unlocked"', () => {
    const { device, clock, on } = recordingDevice();
    device.receiveCommand(command(clock.now, { name: 'lock' }));
    device.receiveCommand(command(clock.now, { name: 'unlock' }));
    device.receiveCommand(command(clock.now, { name: 'unlock' }));
    device.receiveCommand(command(clock.now, { name: 'lock' }));
    expect(on('ack').map((ack) => ack.error ?? 'ok')).toEqual([
      'already locked',
      'ok',
      'already unlocked',
      'ok',
    ]);
    expect(device.state().activity).toBe('held');
  });

  it('stops a driving cart where it is on lock and reports the new state right after the ack', () => {
    const { device, clock, sent } = recordingDevice({ startMidRound: true });
    device.reportIfDue();
    const lock = command(clock.now, { name: 'lock' });
    device.receiveCommand(lock);
    const held = device.state();
    expect(held.lock).toBe(1);
    expect(held.speedKmh).toBe(0);
    expect(sent.slice(-2)).toMatchObject([
      { channel: 'ack', message: { id: lock.id, ok: true } },
      { channel: 'telemetry', message: { lock: 1, speed: 0 } },
    ]);
    clock.now += 10 * 60_000;
    device.advance();
    expect(device.state().position).toEqual(held.position);
  });

  it('sets a cart parked in the barn off on a round when it is unlocked', () => {
    const { device, clock, on } = recordingDevice();
    device.receiveCommand(command(clock.now, { name: 'unlock' }));
    expect(on('telemetry').at(-1)).toMatchObject({ lock: 0 });
    clock.now += 5 * 60_000;
    device.advance();
    expect(device.state().activity).not.toBe('parked');
    expect(device.state().hole).not.toBeNull();
  });

  it('refuses lock and unlock in key mode', () => {
    const { device, clock, on } = recordingDevice();
    device.model.key = '1';
    device.receiveCommand(command(clock.now, { name: 'unlock' }));
    expect(on('ack')[0]).toMatchObject({ ok: false, error: 'key mode' });
  });

  it('answers every ping code of spec §7, and refuses an unknown one', () => {
    const linkActions: LinkAction[] = [];
    const { device, clock, on } = recordingDevice({ onLinkAction: (action) => linkActions.push(action) });
    const ping = (code?: number) => device.receiveCommand(command(clock.now, { name: 'ping', code }));
    device.model.odometerKm = 1234.5;
    for (const code of Object.values(COMMAND_CODES)) ping(code);
    ping(); // no code: a plain ping
    ping(42);
    const acks = on('ack');
    const byCode = Object.fromEntries(
      Object.values(COMMAND_CODES).map((code, index) => [code, acks[index]!]),
    );
    expect(acks.slice(0, 11).every((ack) => ack.ok)).toBe(true);
    expect(byCode[COMMAND_CODES.publishSiteSettings]!.result).toEqual({ configVersion: 0 });
    expect(byCode[COMMAND_CODES.ping]!.result).toMatchObject({
      uptime: expect.any(Number),
      firmware: expect.any(String),
      battV: expect.any(Number),
      wifiRssi: expect.any(Number), // parked in the barn: on the club's WiFi
      lock: 1,
    });
    expect(byCode[COMMAND_CODES.reboot]!.result).toEqual({ rebooting: true });
    expect(byCode[COMMAND_CODES.reset]!.result).toEqual({ resetting: true });
    expect(byCode[COMMAND_CODES.requestLog]!.result).toMatchObject({
      lines: expect.arrayContaining([expect.stringMatching(/ I boot fairway-sim/)]),
      snapshot: { system: { firmware: expect.any(String) } },
    });
    expect(byCode[COMMAND_CODES.resetOdometer]!.result).toEqual({ odometer: 0 });
    expect(device.model.odometerKm).toBe(0);
    expect(byCode[COMMAND_CODES.soundDevice]!.result).toEqual({
      sounded: true,
      soundedMs: SOUND_DURATION_MS,
    });
    expect(byCode[COMMAND_CODES.restartModem]!.result).toEqual({ restarted: 'modem' });
    expect(byCode[COMMAND_CODES.restartWifi]!.result).toEqual({ restarted: 'wifi' });
    expect(byCode[COMMAND_CODES.toggleCatM1]!.result).toEqual({ catM1: false });
    expect(acks[11]!.result).toMatchObject({ uptime: expect.any(Number) });
    expect(acks[12]).toMatchObject({ ok: false, error: 'Unknown command 42' });
    expect(linkActions).toEqual(['refetchConfig', 'reboot', 'reset', 'restartModem']);
  });

  it('reports the odometer reset at once', () => {
    const { device, clock, on } = recordingDevice();
    device.model.odometerKm = 812.25;
    device.receiveCommand(command(clock.now, { name: 'ping', code: COMMAND_CODES.resetOdometer }));
    expect(on('telemetry').at(-1)).toMatchObject({ odometer: 0 });
  });

  it('lists the site SSID from its config in a WiFi scan near the clubhouse', () => {
    const { device, clock, on } = recordingDevice();
    const config: ConfigMessage = {
      version: 1,
      issuedAt: clock.now,
      settings: { ...FACTORY_SETTINGS, wifiEnabled: true, wifiSSID: 'OldCourse-Carts' },
      codes: [],
      zones: [],
    };
    device.receiveConfig(config);
    device.receiveCommand(command(clock.now, { name: 'ping', code: COMMAND_CODES.wifiScan }));
    const networks = on('ack')[0]!.result!.networks as Array<Record<string, unknown>>;
    expect(networks[0]).toEqual({
      ssid: 'OldCourse-Carts',
      rssi: expect.any(Number),
      channel: expect.any(Number),
      encrypt: expect.any(String),
    });
    expect(networks.every((network) => (network.rssi as number) < 0)).toBe(true);
  });

  it('sounds the buzzer for the answered duration on code 8', () => {
    const { device, clock } = recordingDevice();
    device.receiveCommand(command(clock.now, { name: 'ping', code: COMMAND_CODES.soundDevice }));
    expect(device.state().buzzing).toBe(true);
    clock.now += SOUND_DURATION_MS;
    expect(device.state().buzzing).toBe(false);
  });

  it('logs what it did, for the request-log command', () => {
    const { device, clock, on } = recordingDevice();
    const unlock = command(clock.now, { name: 'unlock' });
    device.receiveCommand(unlock);
    device.receiveCommand(command(clock.now, { name: 'ping', code: COMMAND_CODES.requestLog }));
    const lines = on('ack')[1]!.result!.lines as string[];
    expect(lines.at(-1)).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT.*Z I cmd unlock ${unlock.id} ok$`));
  });

  it('fails the next acks on request, without executing those commands', () => {
    const { device, clock, on } = recordingDevice();
    device.failNextAcks(1);
    device.receiveCommand(command(clock.now, { name: 'unlock' }));
    expect(device.lock).toBe(1);
    device.receiveCommand(command(clock.now, { name: 'unlock' }));
    expect(device.lock).toBe(0);
    expect(on('ack').map((ack) => ack.error ?? 'ok')).toEqual(['simulated failure', 'ok']);
  });

  it('drops the next commands on request: neither executed nor answered, even when redelivered', () => {
    const { device, clock, on } = recordingDevice();
    device.dropNextAcks(1);
    const dropped = command(clock.now, { name: 'unlock' });
    device.receiveCommand(dropped);
    device.receiveCommand(dropped);
    expect(device.lock).toBe(1);
    expect(on('ack')).toEqual([]);
    const next = command(clock.now, { name: 'unlock' });
    device.receiveCommand(next);
    expect(on('ack')).toMatchObject([{ id: next.id, ok: true }]);
  });

  it('answers after a realistic, seeded delay by default', async () => {
    vi.useFakeTimers();
    const { device, clock, on } = recordingDevice({ ackLatencyMs: undefined });
    device.receiveCommand(command(clock.now, { name: 'unlock' }));
    await vi.advanceTimersByTimeAsync(149);
    expect(on('ack')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(600 - 149);
    expect(on('ack')).toMatchObject([{ ok: true }]);
  });

  it('answers in the order received, even when a later command drew a shorter latency', async () => {
    vi.useFakeTimers();
    const { device, clock, on } = recordingDevice({ ackLatencyMs: undefined });
    const sent = [command(clock.now, { name: 'unlock' }), command(clock.now, { name: 'lock' })];
    for (let i = 0; i < 10; i++) sent.push(command(clock.now, { name: 'ping', code: i % 2 ? 2 : 10 }));
    for (const each of sent) device.receiveCommand(each);
    await vi.advanceTimersByTimeAsync(sent.length * 600);
    expect(on('ack').map((ack) => ack.id)).toEqual(sent.map((each) => each.id));
    expect(on('ack').every((ack) => ack.ok)).toBe(true);
    expect(device.lock).toBe(1);
  });

  it('delays handling and ack by a fixed delay when told, and back to at once with 0', async () => {
    vi.useFakeTimers();
    const { device, clock, on } = recordingDevice();
    device.setAckDelay(5_000);
    device.receiveCommand(command(clock.now, { name: 'unlock' }));
    expect(on('ack')).toHaveLength(0);
    clock.now += 5_000;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(on('ack')).toMatchObject([{ ok: true, ts: clock.now }]);
    expect(device.lock).toBe(0);
    device.setAckDelay(0);
    device.receiveCommand(command(clock.now, { name: 'lock' }));
    expect(on('ack')).toHaveLength(2);
  });

  it('ignores a command that does not pass the schema, without an ack', () => {
    const { device, clock, sent } = recordingDevice();
    device.receiveCommand({ id: 'x', name: 'self-destruct', issuedAt: clock.now, expiresAt: clock.now + 1 });
    device.receiveCommand('unlock');
    expect(sent).toEqual([]);
    expect(device.lock).toBe(1);
  });
});
