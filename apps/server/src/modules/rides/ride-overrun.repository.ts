import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** An open ride the sweep has just marked as overdue, with what its alert says. */
export interface OverdueRide {
  rideId: string;
  siteId: string;
  deviceId: string;
  /** the cart's number now (the map and the fleet show carts by it) */
  carNumber: string | null;
  start: Date;
  /** the service's duration, minutes */
  serviceMinutes: number;
  pausedSeconds: number;
  pausedAt: Date | null;
  /** the site's grace, minutes */
  graceMinutes: number;
  /** the cart's last reported position; null before its first fix */
  lat: number | null;
  lng: number | null;
}

interface OverdueRow extends Record<string, unknown> {
  ride_id: string;
  site_id: string;
  device_id: string;
  car_number: string | null;
  start: Date | string;
  service_minutes: number;
  paused_seconds: number;
  paused_at: Date | string | null;
  grace_minutes: number;
  lat: number | null;
  lng: number | null;
}

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/**
 * The overrun sweep's one statement (issue 23). It reads open rides only through the open-ride partial index
 * (`rides_device_open_idx`, `status <> 'ended'`: a club's carts out now, never its ride history), and claims
 * them with a conditional UPDATE (`overrun_alerted_at IS NULL`) that returns what it changed: two instances
 * or a sweep after a restart alert each ride once, because a row already stamped is not updated again.
 */
export class RideOverrunRepository {
  constructor(private readonly db: Db) {}

  /**
   * Marks, as of `now`, every confirmed open ride with a service duration whose time (start + service +
   * paused seconds, the current pause included as running up to `now`) plus its site's grace has come, and
   * answers them. The condition is the domain's `rideOverrun(...).overdue` written in SQL: a paused ride is
   * due as of the moment it paused (`least(coalesce(paused_at, now), now)`).
   */
  async claimOverdue(now: Date, limit = 500): Promise<OverdueRide[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const result = await this.db.execute<OverdueRow>(sql`
      WITH due AS (
        SELECT r.id, s.duration AS service_minutes, st.overrun_grace_minutes AS grace_minutes
        FROM rides r
        JOIN services s ON s.id = r.service_id
        JOIN sites st ON st.id = r.site_id
        WHERE r.status <> 'ended'
          AND r.confirmed AND NOT r.deleted AND r.overrun_alerted_at IS NULL
          AND least(coalesce(r.paused_at, ${at}), ${at})
            >= r.start + make_interval(mins => s.duration + st.overrun_grace_minutes, secs => r.paused_seconds)
        ORDER BY r.start
        LIMIT ${limit}
      )
      UPDATE rides SET overrun_alerted_at = ${at}, updated_at = now()
      FROM due, devices d
      WHERE rides.id = due.id AND d.id = rides.device_id
        AND rides.overrun_alerted_at IS NULL AND rides.status <> 'ended'
      RETURNING rides.id AS ride_id, rides.site_id, rides.device_id, d.car_number, rides.start,
        due.service_minutes, rides.paused_seconds, rides.paused_at, due.grace_minutes, d.lat, d.lng`);
    return result.rows.map((row) => ({
      rideId: row.ride_id,
      siteId: row.site_id,
      deviceId: row.device_id,
      carNumber: row.car_number,
      start: toDate(row.start),
      serviceMinutes: row.service_minutes,
      pausedSeconds: row.paused_seconds,
      pausedAt: row.paused_at === null ? null : toDate(row.paused_at),
      graceMinutes: row.grace_minutes,
      lat: row.lat,
      lng: row.lng,
    }));
  }
}
