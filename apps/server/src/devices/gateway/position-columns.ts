import type { TelemetryMessage } from '@fairway/domain';
import type { PositionRow } from './device-change';

/**
 * Positions waiting for a flush, one array per column of `positions`, in arrival order. A report adds six
 * values and no object: under load every queued position lives until its flush, past the young generation, and
 * one object per report was promoted garbage for the old one (issue 22). The flush sends the columns as they
 * are (`device-state-sql.ts`). Number arrays stay packed doubles in V8.
 */
export class PositionColumns {
  deviceIds: string[] = [];
  ts: number[] = [];
  lat: number[] = [];
  lng: number[] = [];
  speed: number[] = [];
  battV: number[] = [];

  get length(): number {
    return this.deviceIds.length;
  }

  /** The report's position; `deviceId` should be the string the writer already holds for the cart. */
  push(deviceId: string, message: TelemetryMessage): void {
    this.deviceIds.push(deviceId);
    this.ts.push(message.ts);
    this.lat.push(message.lat);
    this.lng.push(message.lng);
    this.speed.push(message.speed);
    this.battV.push(message.battV);
  }

  /** Removes the oldest `count` and answers them; all of them without copying when `count` covers them. */
  take(count: number): PositionColumns {
    const taken = new PositionColumns();
    if (count >= this.length) {
      [taken.deviceIds, taken.ts, taken.lat, taken.lng, taken.speed, taken.battV] = [
        this.deviceIds,
        this.ts,
        this.lat,
        this.lng,
        this.speed,
        this.battV,
      ];
      [this.deviceIds, this.ts, this.lat, this.lng, this.speed, this.battV] = [[], [], [], [], [], []];
      return taken;
    }
    taken.deviceIds = this.deviceIds.splice(0, count);
    taken.ts = this.ts.splice(0, count);
    taken.lat = this.lat.splice(0, count);
    taken.lng = this.lng.splice(0, count);
    taken.speed = this.speed.splice(0, count);
    taken.battV = this.battV.splice(0, count);
    return taken;
  }

  /** Puts `older` (a failed flush's) in front of these. */
  prepend(older: PositionColumns): void {
    this.deviceIds = older.deviceIds.concat(this.deviceIds);
    this.ts = older.ts.concat(this.ts);
    this.lat = older.lat.concat(this.lat);
    this.lng = older.lng.concat(this.lng);
    this.speed = older.speed.concat(this.speed);
    this.battV = older.battV.concat(this.battV);
  }

  /** The rows, in order (tests and diagnostics; the flush never builds them). */
  rows(): PositionRow[] {
    return this.deviceIds.map((deviceId, i) => ({
      deviceId,
      ts: this.ts[i]!,
      lat: this.lat[i]!,
      lng: this.lng[i]!,
      speed: this.speed[i]!,
      battVoltage: this.battV[i]!,
    }));
  }
}
