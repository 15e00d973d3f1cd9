import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { randomToken } from '../../lib/tokens';
import { platformSecrets } from './platform.table';

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
