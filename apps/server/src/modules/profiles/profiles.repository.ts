import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { profiles } from '../../db/tables/profiles';

export type ProfileRow = typeof profiles.$inferSelect;

/** Consumer-app profiles as the dashboard needs them: found by the (lower-cased) email members share. */
export class ProfilesRepository {
  constructor(private readonly db: DbExecutor) {}

  async findByEmail(email: string): Promise<ProfileRow | null> {
    const [row] = await this.db.select().from(profiles).where(eq(profiles.email, email));
    return row ?? null;
  }
}
