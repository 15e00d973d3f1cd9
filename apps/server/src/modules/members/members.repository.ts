import { and, asc, count, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ImportCandidate, MEMBER_SORT_FIELDS, MemberLang, MemberSearchField } from '@fairway/domain';
import type { CodeRow } from '../codes/codes.presenter';
import { codes } from '../../db/tables/codes';
import { userGroups } from '../../db/tables/user-groups';
import type { DbExecutor } from '../../db/client';
import { folded, icu } from '../../lib/caseless-text';
import type { MemberRow, MemberWithGroup } from './members.presenter';
import { members } from '../../db/tables/members';

export type NewMember = Omit<typeof members.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type MemberChanges = Partial<Omit<NewMember, 'siteId' | 'profileId'>>;
export type MemberSortField = (typeof MEMBER_SORT_FIELDS)[number];

export interface MemberPageQuery {
  limit: number;
  offset: number;
  sort: { field: MemberSortField; direction: 'asc' | 'desc' };
  /** Case-insensitive substring in any of `fields`. */
  search?: { text: string; fields: readonly MemberSearchField[] };
}

/** Rows per INSERT of an import: 6 parameters a row keeps a statement far below PostgreSQL's 65,535. */
const IMPORT_CHUNK = 1_000;

/** What a sort field orders by: text regardless of case, unlimited credits above any number. */
const SORT_KEYS: Record<MemberSortField, SQL> = {
  name: folded(members.name),
  email: sql`${members.email}`,
  company: folded(members.company),
  memberNumber: folded(members.memberNumber),
  credits: sql`CASE WHEN ${members.credits} < 0 THEN 2147483647 ELSE ${members.credits} END`,
  createdAt: sql`${members.createdAt}`,
};
const SEARCH_COLUMNS = { name: members.name, company: members.company, email: members.email } as const;

/** `%` and `_` typed by the operator are letters, not wildcards (backslash is LIKE's default escape). */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

const withGroupName = { ...getTableColumns(members), userGroupName: userGroups.name };

/** Members are always read and written within one site, so another site's member id is not found. */
export class MembersRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The same queries inside a transaction the calling service runs (the composition root builds this one). */
  in(db: DbExecutor): MembersRepository {
    return new MembersRepository(db);
  }

  /** One page and the total in one query (a window count), with the user group's name joined in. */
  async page(siteId: string, query: MemberPageQuery): Promise<{ rows: MemberWithGroup[]; total: number }> {
    const where = and(eq(members.siteId, siteId), searchCondition(query.search));
    const key = SORT_KEYS[query.sort.field];
    // Empty companies and member numbers go last either way; equal keys fall back to the name, then the id.
    const order = sql`${key} ${sql.raw(query.sort.direction === 'asc' ? 'ASC' : 'DESC')} NULLS LAST`;
    const rows = await this.db
      .select({ ...withGroupName, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(members)
      .leftJoin(userGroups, eq(userGroups.id, members.userGroupId))
      .where(where)
      .orderBy(order, asc(SORT_KEYS.name), asc(members.id))
      .limit(query.limit)
      .offset(query.offset);
    if (rows.length > 0 || query.offset === 0)
      return { rows: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total ?? 0 };
    // A page past the end has no row to carry the window count.
    const [counted] = await this.db.select({ n: count() }).from(members).where(where);
    return { rows: [], total: counted!.n };
  }

  async find(siteId: string, id: string): Promise<MemberWithGroup | null> {
    const [row] = await this.db
      .select(withGroupName)
      .from(members)
      .leftJoin(userGroups, eq(userGroups.id, members.userGroupId))
      .where(and(eq(members.siteId, siteId), eq(members.id, id)));
    return row ?? null;
  }

  /** The codes of all the given members in one query (a page's worth, never one query per member). */
  codesOf(memberIds: readonly string[]): Promise<CodeRow[]> {
    if (memberIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(codes)
      .where(inArray(codes.memberId, [...memberIds]));
  }

  async insert(values: NewMember): Promise<MemberRow> {
    const [row] = await this.db.insert(members).values(values).returning();
    return row!;
  }

  async update(siteId: string, id: string, changes: MemberChanges): Promise<boolean> {
    const rows = await this.db
      .update(members)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(members.siteId, siteId), eq(members.id, id)))
      .returning({ id: members.id });
    return rows.length > 0;
  }

  /** Sets the user group of those of `ids` that are the site's; answers how many that were. */
  async setUserGroup(siteId: string, ids: readonly string[], userGroupId: string | null): Promise<number> {
    const rows = await this.db
      .update(members)
      .set({ userGroupId, updatedAt: sql`now()` })
      .where(and(eq(members.siteId, siteId), inArray(members.id, [...ids])))
      .returning({ id: members.id });
    return rows.length;
  }

  /** Deletes those of `ids` that are the site's (their codes go by foreign key); answers how many. */
  async delete(siteId: string, ids: readonly string[]): Promise<number> {
    const rows = await this.db
      .delete(members)
      .where(and(eq(members.siteId, siteId), inArray(members.id, [...ids])))
      .returning({ id: members.id });
    return rows.length;
  }

  /**
   * Inserts the candidates whose email is not yet the site's, in one transaction of multi-row inserts.
   * ON CONFLICT rather than a look-up first: a member added meanwhile is skipped, never duplicated.
   * Answers the emails that were inserted.
   */
  insertNew(siteId: string, lang: MemberLang, candidates: readonly ImportCandidate[]): Promise<Set<string>> {
    // In email order: two imports sharing emails then wait on each other's rows in the same order instead
    // of each holding one the other needs (a deadlock).
    const ordered = [...candidates].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
    return this.db.transaction(async (tx) => {
      const inserted = new Set<string>();
      for (let start = 0; start < ordered.length; start += IMPORT_CHUNK) {
        const rows = await tx
          .insert(members)
          .values(ordered.slice(start, start + IMPORT_CHUNK).map((row) => ({ ...row, siteId, lang })))
          .onConflictDoNothing({ target: [members.siteId, members.email] })
          .returning({ email: members.email });
        for (const row of rows) inserted.add(row.email);
      }
      return inserted;
    });
  }
}

function searchCondition(search: MemberPageQuery['search']): SQL | undefined {
  if (!search?.text) return undefined;
  const pattern = likePattern(search.text);
  return or(...search.fields.map((field) => sql`${icu(SEARCH_COLUMNS[field])} ILIKE ${pattern}`));
}
