import { LIMITS } from '@fairway/domain';
import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { randomToken } from '../../lib/tokens';
import { devices } from '../../db/tables/devices';
import { platformSecrets } from '../../db/tables/platform';

/**
 * Returns the named platform secret, creating it on first use. `insert … on conflict do nothing` followed by
 * a read makes concurrent first starts of several instances agree on one value.
 */
export async function platformSecret(db: Db, key: string): Promise<string> {
  await db
    .insert(platformSecrets)
    .values({ key, value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(platformSecrets).where(eq(platformSecrets.key, key));
  if (!row) throw new Error(`platform secret ${key} missing after insert`);
  return row.value;
}

/**
 * Carts that were connected when the device gateway last heard anything: marked online by their last
 * status and reporting within the offline window before that moment. While the gateway hears nothing and
 * some exist, it is deaf (connected to the broker but not receiving: issue 15 item 1), not merely idle.
 * A fleet that went quiet together (all parked and switched off) sends its last wills, which set
 * `online` false, so it does not count.
 */
export async function cartsUnheardSince(db: Db, lastHeardAt: number): Promise<number> {
  const windowStart = new Date(lastHeardAt - LIMITS.offlineAfterSeconds * 1000);
  const [row] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(eq(devices.online, true), gte(devices.lastReportAt, windowStart)));
  return row?.n ?? 0;
}
