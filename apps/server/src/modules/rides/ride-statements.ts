import type pg from 'pg';
import { devices } from '../../db/tables/devices';
import { rides } from '../../db/tables/rides';
import { rawRowTypes, rowReader, selectAs } from '../../devices/gateway/device-state-sql';
import { OPEN_RIDE_COLUMNS, openRideJoins, readOpenRide } from '../commands/open-ride-sql';
import type { AcknowledgedUnlock, OpenedManualRide } from './ride-lifecycle.manual';
import type { CartRideState } from './ride-lifecycle.repository';

/*
 * The ride lifecycle's statements on the path of every operator's lock and unlock (issue 22), as fixed texts
 * prepared once per connection, like the commands' (commands/command-statements.ts).
 */

const readRide = rowReader(rides, 'r_');
const readDevice = rowReader(devices, 'd_');

/**
 * The cart, its open ride (the open-ride index allows one) and the newest lock or unlock sent since that ride
 * was created, in one round trip: every finished command and many reports read it (`cartState`).
 */
const CART_RIDE_STATE = `
SELECT ${selectAs(devices, 'd')}, ${OPEN_RIDE_COLUMNS}
FROM devices d ${openRideJoins('d.id')}
WHERE d.id = $1`;

export async function cartRideState(pool: pg.Pool, deviceId: string): Promise<CartRideState | null> {
  const result = await pool.query({
    name: 'fairway-cart-ride-state',
    types: rawRowTypes,
    text: CART_RIDE_STATE,
    values: [deviceId],
  });
  const [row] = result.rows as Array<Record<string, unknown>>;
  return row ? { device: readDevice(row), ...readOpenRide(row) } : null;
}

/**
 * An operator's acknowledged unlock ($3, by $4, issued at $5) opens a bare manual ride on cart $1 of site $2,
 * and the cart is in use, in one statement: the acknowledgement's reaction runs it on every operator's
 * unlock, and as a transaction of seven round trips it held the unlock's answer back by as many turns of a
 * busy event loop (issue 22). Nothing is inserted when the cart has another open ride (the open-ride index:
 * a concurrent opener's insert is waited for, then skipped), left the site, or when this unlock's ride exists
 * already (maybe ended). `FOR KEY SHARE` does not wait for the telemetry writer's row locks
 * (ride-lifecycle.repository.ts, `lockCart`); marking the cart in use does, as any write of the row does.
 */
const OPEN_BARE_MANUAL_RIDE = `
WITH cart AS (
  SELECT id, site_id, car_number, car_name, odometer, odometer_offset FROM devices
  WHERE id = $1 AND site_id = $2
  FOR KEY SHARE
), r AS (
  INSERT INTO rides (site_id, device_id, car_number, type, status, confirmed, unlock_command_id, unlocked_by,
    meta, start, start_odometer, unlock_requested_at, unlock_attempts)
  SELECT cart.site_id, cart.id, cart.car_number, 'manual', 'active', true, $3, $4,
    '{"name": null, "email": null}'::jsonb, now(), cart.odometer + cart.odometer_offset, $5, 1
  FROM cart
  WHERE NOT EXISTS (SELECT 1 FROM rides WHERE unlock_command_id = $3)
  ON CONFLICT DO NOTHING
  RETURNING *
), d AS (
  UPDATE devices SET in_use = true, updated_at = now() FROM r WHERE devices.id = r.device_id
  RETURNING devices.*
)
SELECT ${selectAs(rides, 'r')}, ${selectAs(devices, 'd')},
  cart.car_name AS n_car_name, s.currency AS n_currency, s.center_lat_long AS n_center_lat_long,
  s.overrun_grace_minutes AS n_overrun_grace_minutes, u.email AS n_unlocked_by_email
FROM r CROSS JOIN cart
JOIN sites s ON s.id = r.site_id
LEFT JOIN users u ON u.id = r.unlocked_by
LEFT JOIN d ON true`;

/**
 * Opens the bare manual ride of an operator's acknowledged unlock; null when nothing was opened. With the names
 * the ride's views show (a bare manual ride has no service or price), so its push needs no read.
 */
export async function openBareManualRide(
  pool: pg.Pool,
  command: AcknowledgedUnlock,
): Promise<OpenedManualRide | null> {
  const result = await pool.query({
    name: 'fairway-open-bare-manual-ride',
    types: rawRowTypes,
    text: OPEN_BARE_MANUAL_RIDE,
    values: [command.deviceId, command.siteId, command.id, command.requestedBy, command.issuedAt],
  });
  const [row] = result.rows as Array<Record<string, unknown>>;
  if (!row) return null;
  return {
    ride: readRide(row),
    device: row.d_id ? readDevice(row) : null,
    names: {
      carName: row.n_car_name as string,
      currency: row.n_currency as string,
      centerLatLong: row.n_center_lat_long as string,
      serviceName: null,
      serviceDuration: null,
      overrunGraceMinutes: row.n_overrun_grace_minutes as number,
      priceName: null,
      unlockedByEmail: (row.n_unlocked_by_email as string | null) ?? null,
    },
  };
}
