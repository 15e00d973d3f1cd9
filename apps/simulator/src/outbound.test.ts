import { COMMAND_CODES } from '@fairway/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_COURSE, SECOND_COURSE } from './courses';
import { barnSpots } from './fleet';
import { encodeOutbound, OFFLINE_WILL, OUTBOUND_SCHEMAS, type OutboundChannel } from './outbound';
import { createRandom } from './random';
import { command, recordingDevice } from './device.test-support';

describe('outbound messages', () => {
  it('pass the protocol schema on every channel, over hours of simulated driving on both courses', () => {
    const counts: Record<string, number> = {};
    for (const course of [DEMO_COURSE, SECOND_COURSE]) {
      const spots = barnSpots(course.barn, 20);
      for (let index = 0; index < 20; index++) {
        const { device, clock, sent } = recordingDevice({
          deviceId: `cart-${index}`,
          course,
          spot: spots[index]!,
          random: createRandom(index + 1),
          startMidRound: index % 2 === 0,
          meanParkedS: 1_800,
          timeScale: 60,
        });
        device.receiveConfig({
          version: 1,
          issuedAt: clock.now,
          settings: {
            autoLockMinutes: 5,
            roundTimeoutMinutes: 300,
            lockFrom: '22:00',
            timezone: course.timezone,
            wifiEnabled: true,
            wifiSSID: 'Clubhouse',
            wifiPassword: 'secret',
            recoveryMode: false,
            reportIntervalSeconds: 2,
          },
          codes: [],
          zones: [],
        });
        device.statusOnline();
        // 8 hours of simulated time in 2 s steps (timeScale 60 makes each step 2 simulated minutes).
        for (let step = 0; step < 240; step++) {
          clock.now += 2_000;
          device.advance();
          device.reportIfDue();
          if (step % 40 === 0) {
            device.receiveCommand(command(clock.now, { name: step % 80 === 0 ? 'lock' : 'unlock' }));
            device.receiveCommand(command(clock.now, { name: 'ping', code: (step / 40) % 12 }));
          }
        }
        for (const entry of sent) counts[entry.channel] = (counts[entry.channel] ?? 0) + 1;
      }
    }
    // recordingDevice's outbox already ran each message through encodeOutbound; every channel was used.
    expect(Object.keys(counts).sort()).toEqual(['ack', 'config/ack', 'event', 'status', 'telemetry']);
  });

  it('covers the ranges the schema allows: coordinates, speed, heading, voltages, signal', () => {
    const { device, clock, on } = recordingDevice({
      startMidRound: true,
      timeScale: 30,
      random: createRandom(9),
    });
    for (let step = 0; step < 2_000; step++) {
      clock.now += 1_000;
      device.advance();
      device.reportIfDue();
    }
    const telemetry = on('telemetry');
    expect(telemetry.length).toBeGreaterThan(100);
    for (const report of telemetry) {
      expect(report.battV).toBeGreaterThanOrEqual(43.69);
      expect(report.battV).toBeLessThanOrEqual(51.78);
      expect(report.gpsLock).toBeGreaterThanOrEqual(5);
      expect(report.gpsLock).toBeLessThanOrEqual(12);
      if (report.conType === 'W') expect(report.wifiRssi).toBeLessThan(0);
      else expect(report.csq).toBeGreaterThanOrEqual(8);
      if (report.speed > 0) {
        expect(report.speed).toBeGreaterThanOrEqual(11);
        expect(report.speed).toBeLessThanOrEqual(21);
      }
    }
    expect(telemetry.some((report) => report.speed > 0)).toBe(true);
    expect(telemetry.some((report) => report.conType === 'G')).toBe(true);
  });

  it('refuses to encode a message the schema rejects', () => {
    expect(() => encodeOutbound('ack', { id: '', ok: true, ts: 1 })).toThrow(/does not pass/);
    expect(encodeOutbound('status', OFFLINE_WILL)).toBe('{"online":false}');
    const channels: OutboundChannel[] = ['status', 'telemetry', 'ack', 'config/ack', 'event', 'log'];
    expect(Object.keys(OUTBOUND_SCHEMAS).sort()).toEqual([...channels].sort());
    expect(COMMAND_CODES.reboot).toBe(3);
  });
});
