import { count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { members } from '../../db/tables/members';
import { profiles } from '../../db/tables/profiles';
import { icu } from '../../lib/caseless-text';

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileWithLinks = ProfileRow & { linkedMembers: number };
export type ProfileValues = Pick<ProfileRow, 'firstName' | 'lastName' | 'email' | 'defaultPaymentMethod'>;

/** `%` and `_` typed in the search box are letters, not wildcards (backslash is LIKE's default escape). */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

const profileColumns = {
  id: profiles.id,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  email: profiles.email,
  defaultPaymentMethod: profiles.defaultPaymentMethod,
  createdAt: profiles.createdAt,
  updatedAt: profiles.updatedAt,
};

/** Consumer-app profiles (spec §3 Profile): found by the (lower-cased) email members share. */
export class ProfilesRepository {
  constructor(private readonly db: DbExecutor) {}

  /**
   * Profiles with how many members (of any site) link to each, counted by the database in one grouped
   * pass over the linked members (members.profile_id has no index of its own).
   */
  private withLinks() {
    const links = this.db
      .select({ profileId: members.profileId, linked: count().as('linked') })
      .from(members)
      .where(isNotNull(members.profileId))
      .groupBy(members.profileId)
      .as('links');
    return this.db
      .select({ ...profileColumns, linkedMembers: sql<number>`coalesce(${links.linked}, 0)::int` })
      .from(profiles)
      .leftJoin(links, eq(links.profileId, profiles.id));
  }

  async findByEmail(email: string): Promise<ProfileRow | null> {
    const [row] = await this.db.select().from(profiles).where(eq(profiles.email, email));
    return row ?? null;
  }

  /** A page of profiles, newest first, whose name or email contains `text` (any case). */
  async page(text: string | undefined, offset: number, limit: number) {
    const where = searchCondition(text);
    const [rows, [total]] = await Promise.all([
      this.withLinks()
        .where(where)
        .orderBy(desc(profiles.createdAt), profiles.id)
        .offset(offset)
        .limit(limit),
      this.db.select({ total: count() }).from(profiles).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  async get(id: string): Promise<ProfileWithLinks | null> {
    const [row] = await this.withLinks().where(eq(profiles.id, id));
    return row ?? null;
  }

  /** Throws the database's unique violation when the email is another profile's. */
  async create(values: ProfileValues): Promise<string> {
    const [row] = await this.db.insert(profiles).values(values).returning({ id: profiles.id });
    return row!.id;
  }

  /** False when there is no such profile; throws the unique violation as `create` does. */
  async update(id: string, values: Partial<ProfileValues>): Promise<boolean> {
    const rows = await this.db
      .update(profiles)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(profiles.id, id))
      .returning({ id: profiles.id });
    return rows.length > 0;
  }

  /**
   * Deletes the profiles and answers how many there were. Their members stay: the foreign key sets their
   * `profile_id` to null in the same statement (ON DELETE SET NULL), so they are unlinked, not deleted.
   */
  async deleteMany(ids: readonly string[]): Promise<number> {
    const rows = await this.db
      .delete(profiles)
      .where(inArray(profiles.id, [...ids]))
      .returning({ id: profiles.id });
    return rows.length;
  }
}

function searchCondition(text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const pattern = likePattern(text);
  const name = sql`(${profiles.firstName} || ' ' || ${profiles.lastName})`;
  return or(sql`${icu(name)} ILIKE ${pattern}`, sql`${icu(profiles.email)} ILIKE ${pattern}`);
}
