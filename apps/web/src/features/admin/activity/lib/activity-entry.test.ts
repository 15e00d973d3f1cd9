import { ACTIVITY_TYPES } from '@fairway/domain';
import { describe, expect, it } from 'vitest';
import { activityTone, otherFacts, signalFacts } from './activity-entry';

describe('activity entry', () => {
  it('gives every type a tone, problems standing out; an unknown type reads as plain', () => {
    for (const type of ACTIVITY_TYPES)
      expect(activityTone(type)).toMatch(/^(success|info|warning|error|default)$/);
    expect(activityTone('command_failed')).toBe('error');
    expect(activityTone('auth_refused')).toBe('error');
    expect(activityTone('device_connected')).toBe('success');
    expect(activityTone('written_by_an_old_version')).toBe('default');
  });

  it('reads the link of a connect: cellular CSQ with dots, WiFi RSSI with strength, the link used', () => {
    expect(signalFacts({ csq: 18, wifiSignal: -62, conType: 'W' })).toEqual([
      { kind: 'link', conType: 'W' },
      { kind: 'cellular', csq: 18, dots: 3 },
      { kind: 'wifi', rssi: -62, percent: 76 },
    ]);
    // Numbers the cart sent as text read the same.
    expect(signalFacts({ csq: '8', conType: 'G' })).toEqual([
      { kind: 'link', conType: 'G' },
      { kind: 'cellular', csq: 8, dots: 2 },
    ]);
  });

  it('leaves out what is unknown: CSQ 99, a WiFi reading of 0, no readings at all', () => {
    expect(signalFacts({ csq: 99, wifiSignal: 0, conType: null })).toEqual([]);
    expect(signalFacts({})).toEqual([]);
    expect(signalFacts({ csq: 'strong', wifiSignal: -130 })).toEqual([
      { kind: 'wifi', rssi: -130, percent: 0 },
    ]);
  });

  it('lists the rest of the data as short pairs, without ids, empties and nested values', () => {
    expect(
      otherFacts({
        commandId: 'c1',
        name: 'unlock',
        source: 'guest',
        error: 'lock motor jammed',
        code: null,
        csq: 12,
        nested: { a: 1 },
        suppressed: 3,
      }),
    ).toEqual([
      { key: 'name', value: 'unlock' },
      { key: 'source', value: 'guest' },
      { key: 'error', value: 'lock motor jammed' },
      { key: 'suppressed', value: '3' },
    ]);
  });
});
