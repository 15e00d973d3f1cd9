import { type SQL, and, eq, gt, inArray, isNull, lt, ne, not, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { DeviceRow } from '../db/tables/devices';
import { devices } from '../db/tables/devices';
import { sites } from '../db/tables/sites';

export interface LockCandidate {
  device: DeviceRow;
  siteKeyless: boolean;
}

/** Unlocked keyless carts that are connected and have no lock command in flight. */
const unlockedAndReachable = and(
  eq(devices.lockStatus, 0),
  eq(devices.online, true),
  eq(devices.key, '0'),
  not(sql`'lock' = any(${devices.updates})`),
  eq(sites.keyless, true),
);

/** Unlocked, reachable keyless carts that also meet `condition`, with their site's keyless flag. */
const unlockedCartsWhere = (db: Db, condition: SQL | undefined): Promise<LockCandidate[]> =>
  db
    .select({ device: devices, siteKeyless: sites.keyless })
    .from(devices)
    .innerJoin(sites, eq(sites.id, devices.siteId))
    .where(and(unlockedAndReachable, condition));

const minutes = (column: typeof sites.roundTimeout | typeof sites.autoLock) =>
  sql`make_interval(mins => ${column}::int)`;

/**
 * Auto-lock (spec §3 autoLock, §4): unlocked and idle — neither unlocked nor moved — for the site's
 * minutes, in use or not: a cart left standing mid-ride is locked too, and its acknowledgement ends the
 * ride ('autoLock', ride-lifecycle.reactions).
 */
export function autoLockCandidates(db: Db): Promise<LockCandidate[]> {
  return unlockedCartsWhere(
    db,
    and(
      sql`${sites.autoLock} ~ '^[0-9]+$'`,
      gt(sql`${sites.autoLock}::int`, 0),
      lt(
        sql`greatest(${devices.lockUpdatedAt}, ${devices.lastMovedAt}, ${devices.connectedAt})`,
        sql`now() - ${minutes(sites.autoLock)}`,
      ),
    ),
  );
}

/**
 * Round timeout (spec §3 roundTimeout): unlocked for longer than the site's minutes, in use or not. Rides
 * older than the round are ended by the job itself, whatever their cart's state (cart-jobs.ts).
 */
export function roundTimeoutCandidates(db: Db): Promise<LockCandidate[]> {
  return unlockedCartsWhere(
    db,
    and(
      gt(sites.roundTimeout, 0),
      or(
        isNull(devices.lockUpdatedAt),
        lt(devices.lockUpdatedAt, sql`now() - ${minutes(sites.roundTimeout)}`),
      ),
    ),
  );
}

/** Every unlocked, reachable keyless cart of the given sites (scheduled lock). */
export function unlockedCartsOf(db: Db, siteIds: string[]): Promise<LockCandidate[]> {
  if (siteIds.length === 0) return Promise.resolve([]);
  return unlockedCartsWhere(db, inArray(devices.siteId, siteIds));
}

/** Sites with a scheduled lock time. */
export function sitesWithScheduledLock(db: Db) {
  return db
    .select({ id: sites.id, lockFrom: sites.lockFrom, timezone: sites.timezone })
    .from(sites)
    .where(ne(sites.lockFrom, '00:00'));
}
