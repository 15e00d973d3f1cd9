import { deviceCommands } from '../../db/tables/commands';
import { rides } from '../../db/tables/rides';
import type { OpenRideState } from '../../lib/events';
import { rowReader, selectAs } from '../../devices/gateway/device-state-sql';
import type { CommandRow } from './commands.presenter';

/*
 * A cart's open ride and the newest lock or unlock sent since that ride was created: what the ride
 * lifecycle's reactions decide from (modules/rides/ride-lifecycle.reactions.ts). Joined to the reaction's own
 * read of the cart (`cartRideState`) and to the statement that stores a lock or unlock's answer, which thus
 * hands the reaction what it would read next (issue 22: one round trip less per operator's command).
 */

/** `LEFT JOIN`s of `r` (the open ride: the open-ride index allows one) and `l` (its newest lock/unlock). */
export const openRideJoins = (cartId: string) => `
LEFT JOIN rides r ON r.device_id = ${cartId} AND r.status <> 'ended'
LEFT JOIN LATERAL (
  SELECT * FROM device_commands
  WHERE device_id = ${cartId} AND name IN ('lock', 'unlock') AND issued_at >= r.created_at
  ORDER BY issued_at DESC LIMIT 1
) l ON true`;

/** The columns of `openRideJoins`, prefixed `r_` and `l_`. */
export const OPEN_RIDE_COLUMNS = `${selectAs(rides, 'r')}, ${selectAs(deviceCommands, 'l')}`;

const readRide = rowReader(rides, 'r_');
const readLastCommand = rowReader(deviceCommands, 'l_');

/**
 * The open ride and its newest lock/unlock of a row with `OPEN_RIDE_COLUMNS`. `finished`: the command the same
 * statement ended, which its lateral read still sees as it was before (a statement does not see its own
 * changes), so that command is taken as ended.
 */
export function readOpenRide(row: Record<string, unknown>, finished?: CommandRow): OpenRideState {
  if (!row.r_id) return { ride: null, lastCommand: null };
  const lastCommand = !row.l_id ? null : row.l_id === finished?.id ? finished : readLastCommand(row);
  return { ride: readRide(row), lastCommand };
}
