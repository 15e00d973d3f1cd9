import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { profiles } from '../../db/tables/profiles';
import type { DbExecutor } from '../../db/client';
import { members } from '../../db/tables/members';

/** Links between a site's members and consumer-app profiles (spec §3 Member.profile). */
export class MemberLinksRepository {
  constructor(private readonly db: DbExecutor) {}

  /**
   * One statement for the whole selection: each named member of the site that has no profile yet and has
   * that email is linked to the profile with the same email, if there is one. Answers how many were linked.
   */
  async linkByEmail(
    siteId: string,
    pairs: ReadonlyArray<{ email: string; memberId: string }>,
  ): Promise<number> {
    const result = await this.db.execute(sql`
      UPDATE ${members} SET profile_id = ${profiles.id}, updated_at = now()
      FROM unnest(${sql.param(pairs.map((pair) => pair.email))}::text[],
                  ${sql.param(pairs.map((pair) => pair.memberId))}::uuid[]) AS pair(email, member_id)
      JOIN ${profiles} ON ${profiles.email} = pair.email
      WHERE ${members.id} = pair.member_id AND ${members.siteId} = ${siteId}
        AND ${members.email} = pair.email AND ${members.profileId} IS NULL`);
    return result.rowCount ?? 0;
  }

  /** Clears the profile of each named member of the site that has exactly that profile; answers how many. */
  async unlink(
    siteId: string,
    pairs: ReadonlyArray<{ memberId: string; profileId: string }>,
  ): Promise<number> {
    const result = await this.db.execute(sql`
      UPDATE ${members} SET profile_id = NULL, updated_at = now()
      FROM unnest(${sql.param(pairs.map((pair) => pair.memberId))}::uuid[],
                  ${sql.param(pairs.map((pair) => pair.profileId))}::uuid[]) AS pair(member_id, profile_id)
      WHERE ${members.id} = pair.member_id AND ${members.siteId} = ${siteId}
        AND ${members.profileId} = pair.profile_id`);
    return result.rowCount ?? 0;
  }

  /** Links one member that has no profile yet; false when it has one by now. */
  async linkOne(siteId: string, memberId: string, profileId: string): Promise<boolean> {
    const rows = await this.db
      .update(members)
      .set({ profileId, updatedAt: sql`now()` })
      .where(and(eq(members.siteId, siteId), eq(members.id, memberId), isNull(members.profileId)))
      .returning({ id: members.id });
    return rows.length > 0;
  }

  /** Clears one member's profile; false when it had none. */
  async unlinkOne(siteId: string, memberId: string): Promise<boolean> {
    const rows = await this.db
      .update(members)
      .set({ profileId: null, updatedAt: sql`now()` })
      .where(and(eq(members.siteId, siteId), eq(members.id, memberId), isNotNull(members.profileId)))
      .returning({ id: members.id });
    return rows.length > 0;
  }
}
