import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastParser } from './fast-parse';
import { statusMessage, telemetryMessage } from './messages';

const report = {
  ts: 1_790_000_000_000,
  lat: 56.3433,
  lng: -2.8036,
  speed: 14.2,
  heading: 270,
  gpsLock: 9,
  lock: 0,
  key: '0',
  keyAlarm: '1',
  battV: 50.1,
  charging: false,
  odometer: 1234.5,
  conType: 'G',
  wifiRssi: -60,
  csq: 21,
  uptime: 3600,
  temp: 21.5,
};

/** Values tried in every field: the schema's boundaries and just beyond, other types, and oddities. */
const CANDIDATES: unknown[] = [
  undefined,
  null,
  true,
  false,
  '0',
  '1',
  'W',
  'G',
  '',
  '12',
  [],
  {},
  0,
  -0,
  1,
  2,
  0.5,
  -0.5,
  -1,
  -60,
  -60.5,
  -90,
  -90.0001,
  90,
  90.0001,
  -127,
  -127.5,
  -180,
  -180.5,
  180,
  180.5,
  64,
  65,
  99,
  99.5,
  100,
  100.01,
  150,
  150.5,
  200,
  200.1,
  360,
  360.5,
  2 ** 53,
  2 ** 53 - 1,
  1e308,
  -1e308,
  1_790_000_000_000.5,
];

/** A deterministic generator (mulberry32), so a failure names a case that can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('fastParser', () => {
  const parse = fastParser(telemetryMessage)!;

  it('compiles the telemetry schema', () => {
    expect(parse).not.toBeNull();
  });

  it('answers what the schema answers for a valid report: its fields only, absent optional ones left out', () => {
    const { heading: _heading, temp: _temp, ...withoutOptional } = report;
    for (const input of [report, withoutOptional, { ...report, futureField: 1, nested: { a: 1 } }]) {
      const fast = parse(input);
      expect(fast).toEqual(telemetryMessage.parse(input));
      expect(fast).not.toHaveProperty('futureField');
    }
    expect(parse(withoutOptional)).not.toHaveProperty('heading');
  });

  it('agrees with the schema on every field at its boundaries, beyond them and with other types', () => {
    for (const key of Object.keys(report)) {
      for (const value of CANDIDATES) {
        const input: Record<string, unknown> = { ...report, [key]: value };
        if (value === undefined) delete input[key];
        const slow = telemetryMessage.safeParse(input);
        const fast = parse(input);
        expect({ key, value, fast: fast !== null }).toEqual({ key, value, fast: slow.success });
        if (slow.success) expect(fast).toEqual(slow.data);
      }
    }
  });

  it('agrees with the schema on random reports with several fields changed at once', () => {
    const next = random(22);
    const keys = Object.keys(report);
    let valid = 0;
    for (let i = 0; i < 5_000; i++) {
      const input: Record<string, unknown> = { ...report };
      const changes = 1 + Math.floor(next() * 3);
      for (let c = 0; c < changes; c++) {
        const key = keys[Math.floor(next() * keys.length)]!;
        const value = CANDIDATES[Math.floor(next() * CANDIDATES.length)];
        if (value === undefined) delete input[key];
        else input[key] = value;
      }
      const slow = telemetryMessage.safeParse(input);
      const fast = parse(input);
      expect({ case: i, fast: fast !== null }).toEqual({ case: i, fast: slow.success });
      if (slow.success) {
        valid += 1;
        expect(fast).toEqual(slow.data);
      }
    }
    // Both kinds were tried.
    expect(valid).toBeGreaterThan(100);
    expect(valid).toBeLessThan(4_900);
  });

  it("answers a report with exactly the schema's fields as it is, without a copy", () => {
    const input = { ...report };
    expect(parse(input)).toBe(input);
    const longer = { ...report, futureField: 1 };
    expect(parse(longer)).not.toBe(longer);
  });

  it('refuses what is not an object', () => {
    for (const input of [null, undefined, 1, 'report', [], [report], true]) expect(parse(input)).toBeNull();
  });

  it('does not compile a schema with rules it does not know, so the schema alone decides', () => {
    expect(fastParser(statusMessage)).toBeNull();
    expect(fastParser(z.object({ n: z.number().multipleOf(2) }))).toBeNull();
    expect(fastParser(z.object({ n: z.number() }).passthrough())).toBeNull();
    expect(fastParser(z.string())).toBeNull();
  });
});
