import { COMMAND_CODES } from '@fairway/domain';
import { describe, expect, it, vi } from 'vitest';
import { command, recordingDevice } from './test-helpers';

describe('command handling', () => {
  it('executes a command once per id and answers a repeated delivery with the same ack', () => {
    const { device, clock, on } = recordingDevice();
    const unlock = command(clock.now, { name: 'unlock' });
    device.receiveCommand(unlock);
    expect(device.lock).toBe(0);
    // The cart is taken back (locked) by hand; a redelivered unlock must not unlock it again.
    device.lockCart();
    clock.now += 1_000;
    device.receiveCommand(unlock);
    expect(device.lock).toBe(1);
    const acks = on('ack');
    expect(acks).toHaveLength(2);
    expect(acks.map((ack) => [ack.id, ack.ok, ack.error])).toEqual([
      [unlock.id, true, undefined],
      [unlock.id, true, undefined],
    ]);
  });

  it('refuses an expired command without executing it', () => {
    const { device, clock, on } = recordingDevice();
    const unlock = command(clock.now - 60_000, { name: 'unlock', expiresAt: clock.now - 1 });
    device.receiveCommand(unlock);
    expect(device.lock).toBe(1);
    expect(on('ack')).toEqual([{ id: unlock.id, ok: false, error: 'expired', ts: clock.now }]);
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

  it('stops a driving cart where it is on lock and reports at once', () => {
    const { device, clock, on } = recordingDevice({ startMidRound: true });
    device.reportIfDue();
    const reports = on('telemetry').length;
    device.receiveCommand(command(clock.now, { name: 'lock' }));
    const held = device.state();
    expect(held.lock).toBe(1);
    expect(held.speedKmh).toBe(0);
    expect(device.reportIfDue()).toBe(true);
    expect(on('telemetry')).toHaveLength(reports + 1);
    expect(on('telemetry').at(-1)).toMatchObject({ lock: 1, speed: 0 });
    clock.now += 10 * 60_000;
    device.advance();
    expect(device.state().position).toEqual(held.position);
  });

  it('refuses lock and unlock in key mode', () => {
    const { device, clock, on } = recordingDevice();
    device.model.key = '1';
    device.receiveCommand(command(clock.now, { name: 'unlock' }));
    expect(on('ack')[0]).toMatchObject({ ok: false, error: 'key mode' });
  });

  it('answers the ping codes of spec §7 with plausible results', () => {
    const onReboot = vi.fn();
    const { device, clock, on } = recordingDevice({ onReboot });
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
    expect(byCode[COMMAND_CODES.ping]!.result).toMatchObject({ uptime: expect.any(Number), lock: 1 });
    expect(byCode[COMMAND_CODES.reboot]!.result).toEqual({ rebooting: true });
    const networks = byCode[COMMAND_CODES.wifiScan]!.result!.networks as unknown[];
    expect(networks.length).toBeGreaterThan(0);
    for (const network of networks) {
      expect(network).toEqual({
        ssid: expect.any(String),
        rssi: expect.any(Number),
        channel: expect.any(Number),
        encrypt: expect.any(String),
      });
    }
    expect(byCode[COMMAND_CODES.requestLog]!.result!.snapshot).toMatchObject({
      firmware: expect.any(String),
    });
    expect(byCode[COMMAND_CODES.resetOdometer]!.result).toEqual({ odometer: 0 });
    expect(device.model.odometerKm).toBe(0);
    expect(byCode[COMMAND_CODES.soundDevice]!.ok).toBe(true);
    expect(byCode[COMMAND_CODES.toggleCatM1]!.result).toEqual({ catM1: false });
    expect(acks[11]!.result).toMatchObject({ uptime: expect.any(Number) });
    expect(acks[12]).toMatchObject({ ok: false, error: 'unknown code 42' });
    // reboot (3) and reset (4) both restart the tracker after their ack
    expect(onReboot).toHaveBeenCalledTimes(2);
  });

  it('resets the uptime when the tracker boots again', () => {
    const { device, clock } = recordingDevice();
    expect(device.uptimeS()).toBeGreaterThan(600);
    device.boot();
    clock.now += 5_000;
    expect(device.uptimeS()).toBe(5);
  });

  it('ignores a command that does not pass the schema, without an ack', () => {
    const { device, clock, sent } = recordingDevice();
    device.receiveCommand({ id: 'x', name: 'self-destruct', issuedAt: clock.now, expiresAt: clock.now + 1 });
    device.receiveCommand('unlock');
    expect(sent).toEqual([]);
    expect(device.lock).toBe(1);
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

  it('delays handling and ack by the configured ack delay', async () => {
    vi.useFakeTimers();
    try {
      const { device, clock, on } = recordingDevice();
      device.setAckDelay(5_000);
      device.receiveCommand(command(clock.now, { name: 'unlock' }));
      expect(on('ack')).toHaveLength(0);
      clock.now += 5_000;
      await vi.advanceTimersByTimeAsync(5_000);
      expect(on('ack')).toMatchObject([{ ok: true, ts: clock.now }]);
      expect(device.lock).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
