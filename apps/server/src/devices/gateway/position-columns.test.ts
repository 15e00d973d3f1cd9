import { describe, expect, it } from 'vitest';
import { telemetry } from '../../../test/fleet-fixtures';
import { PositionColumns } from './position-columns';

const filled = (count: number, deviceId = 'cart') => {
  const columns = new PositionColumns();
  for (let ts = 0; ts < count; ts++) columns.push(deviceId, telemetry({ ts, lat: ts / 10, speed: ts % 7 }));
  return columns;
};

describe('PositionColumns', () => {
  it('keeps each report as a row of its columns, in order', () => {
    const message = telemetry({ ts: 5, lat: 56.1, lng: -2.7, speed: 12.5, battV: 48.2 });
    const columns = new PositionColumns();
    columns.push('a', message);
    expect(columns.rows()).toEqual([
      { deviceId: 'a', ts: 5, lat: 56.1, lng: -2.7, speed: 12.5, battVoltage: 48.2 },
    ]);
  });

  it('hands over the oldest chunk and keeps the rest; all of it without copying', () => {
    const columns = filled(10);
    const chunk = columns.take(4);
    expect(chunk.ts).toEqual([0, 1, 2, 3]);
    expect(columns.ts).toEqual([4, 5, 6, 7, 8, 9]);
    const arrays = [columns.deviceIds, columns.ts, columns.lat, columns.lng, columns.speed, columns.battV];
    const rest = columns.take(100);
    expect([rest.deviceIds, rest.ts, rest.lat, rest.lng, rest.speed, rest.battV]).toEqual(arrays);
    expect(rest.ts).toBe(arrays[1]);
    expect(columns.length).toBe(0);
  });

  it('puts a failed chunk back in front of what came since', () => {
    const columns = filled(6);
    const failed = columns.take(3);
    columns.push('cart', telemetry({ ts: 6, speed: 6 }));
    columns.prepend(failed);
    expect(columns.ts).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(columns.speed).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
