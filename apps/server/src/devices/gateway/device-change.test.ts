import { describe, expect, it } from 'vitest';
import { telemetry } from '../../../test/fleet-fixtures';
import {
  changeFromConfigAck,
  changeFromStatus,
  changeFromTelemetry,
  foldTelemetry,
  mergeChanges,
  type DeviceChange,
} from './device-change';

const ID = '7b0e5f0e-8d7f-4d8e-9a61-3c1b2f3f6a10';
const fold = (changes: DeviceChange[]) => changes.reduce((older, newer) => mergeChanges(older, newer));

describe('mergeChanges', () => {
  it('keeps the latest report and the first lock of the batch', () => {
    const merged = fold([
      changeFromTelemetry(ID, telemetry({ lock: 1, speed: 1 }), 1_000),
      changeFromTelemetry(ID, telemetry({ lock: 1, speed: 2 }), 2_000),
    ]);
    expect(merged.telemetry?.message.speed).toBe(2);
    expect(merged.telemetry?.receivedAt).toBe(2_000);
    expect(merged).toMatchObject({ firstLock: 1, firstReceivedAt: 1_000, telemetryLast: true });
    expect(merged.lockChangedAt).toBeUndefined();
  });

  it('remembers when the lock last changed inside the batch', () => {
    const merged = fold([
      changeFromTelemetry(ID, telemetry({ lock: 1 }), 1_000),
      changeFromTelemetry(ID, telemetry({ lock: 0 }), 2_000),
      changeFromTelemetry(ID, telemetry({ lock: 0 }), 3_000),
      changeFromTelemetry(ID, telemetry({ lock: 1 }), 4_000),
      changeFromTelemetry(ID, telemetry({ lock: 1 }), 5_000),
    ]);
    expect(merged.lockChangedAt).toBe(4_000);
    expect(merged.telemetry?.message.lock).toBe(1);
  });

  it('lets a last will after a report take the cart offline, and a report after a will bring it back', () => {
    const report = changeFromTelemetry(ID, telemetry(), 1_000);
    const will = changeFromStatus(ID, { online: false }, 2_000, false);
    expect(fold([report, will])).toMatchObject({
      telemetryLast: false,
      status: { online: false, at: 2_000 },
    });
    expect(fold([will, report])).toMatchObject({ telemetryLast: true, status: { online: false, at: 2_000 } });
  });

  it('never lowers the acknowledged config version', () => {
    const ack = changeFromConfigAck(ID, { version: 4, ok: true, ts: 1 })!;
    const replayedStatus = changeFromStatus(ID, { online: true, configVersion: 3 }, 2_000, true);
    expect(fold([ack, replayedStatus]).ackedVersion).toBe(4);
  });

  it('ignores a refused config', () => {
    expect(changeFromConfigAck(ID, { version: 4, ok: false, error: 'bad zone', ts: 1 })).toBeNull();
  });

  it('keeps the firmware of the latest status that named one', () => {
    const merged = fold([
      changeFromStatus(ID, { online: true, firmware: '2.1.0' }, 1_000, false),
      changeFromTelemetry(ID, telemetry(), 2_000),
      changeFromStatus(ID, { online: true }, 3_000, false),
    ]);
    expect(merged.firmware).toBe('2.1.0');
  });
});

describe('foldTelemetry', () => {
  it('changes the pending change as merging a new report would', () => {
    // Every short history of reports (lock 0 or 1) and statuses, then one more report, both ways.
    const steps = [
      (at: number) => changeFromTelemetry(ID, telemetry({ lock: 0, speed: at }), at),
      (at: number) => changeFromTelemetry(ID, telemetry({ lock: 1, speed: at }), at),
      (at: number) => changeFromStatus(ID, { online: false, firmware: `v${at}` }, at, false),
      (at: number) => changeFromConfigAck(ID, { version: at, ok: true, ts: at })!,
    ];
    let compared = 0;
    for (let history = 0; history < 4 ** 3; history++) {
      const changes = [0, 1, 2].map((i) => steps[Math.floor(history / 4 ** i) % 4]!((i + 1) * 1_000));
      for (const lock of [0, 1] as const) {
        const next = telemetry({ lock, speed: 9 });
        const merged = mergeChanges(fold(changes), changeFromTelemetry(ID, next, 9_000));
        const folded = fold(changes);
        foldTelemetry(folded, next, 9_000);
        expect(folded).toEqual(merged);
        compared += 1;
      }
    }
    expect(compared).toBe(128);
  });
});
