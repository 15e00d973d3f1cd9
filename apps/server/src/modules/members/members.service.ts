import type { z } from 'zod';
import {
  MEMBER_LANGS,
  MEMBER_SEARCH_FIELDS,
  type BulkResult,
  type MemberLang,
  type MemberView,
  type MembersPage,
  type memberCreateBody,
  type memberPatchBody,
  type membersQuery,
} from '@fairway/domain';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { paginationOf } from '../devices/battery.service';
import type { SitesRepository } from '../sites/sites.repository';
import type { UserGroupsRepository } from '../user-groups/user-groups.repository';
import { toMemberView } from './members.presenter';
import type { MemberChanges, MemberSortField, MembersRepository } from './members.repository';

type MembersQuery = z.output<typeof membersQuery>;
type MemberCreate = z.output<typeof memberCreateBody>;
type MemberPatch = z.output<typeof memberPatchBody>;

/** Spec §8: the dashboard shows this text as it is. */
export const EMAIL_TAKEN = 'Email already exists, please use a different email and try again.';
export const memberNotFound = () => notFound('Member not found');

/** A member's language when none is given: the site's, if members can have it (spec §2). */
export const defaultMemberLang = (siteLang: string): MemberLang =>
  (MEMBER_LANGS as readonly string[]).includes(siteLang) ? (siteLang as MemberLang) : 'en';

/**
 * Members of a site (spec §2 Virtual keys, §3 Member): an email is unique within the site, a member's user
 * group must be one of the site's, and a member of another site does not exist for this one.
 */
export class MembersService {
  constructor(
    private readonly db: Db,
    private readonly members: MembersRepository,
    private readonly sites: SitesRepository,
    private readonly userGroups: UserGroupsRepository,
  ) {}

  async page(siteId: string, query: MembersQuery): Promise<MembersPage> {
    const [field, direction] = query.sort.split(':') as [MemberSortField, 'asc' | 'desc'];
    const { rows, total } = await this.members.page(siteId, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      sort: { field, direction },
      search: query.query
        ? { text: query.query, fields: query.searchIn ? [query.searchIn] : MEMBER_SEARCH_FIELDS }
        : undefined,
    });
    const codes = await this.members.codesOf(rows.map((row) => row.id));
    const codesByMember = Map.groupBy(codes, (code) => code.memberId);
    return {
      data: rows.map((row) => toMemberView(row, codesByMember.get(row.id) ?? [])),
      pagination: paginationOf(query.page, query.limit, total),
    };
  }

  async view(siteId: string, id: string): Promise<MemberView> {
    const row = await this.members.find(siteId, id);
    if (!row) throw memberNotFound();
    return toMemberView(row, await this.members.codesOf([id]));
  }

  async create(siteId: string, body: MemberCreate): Promise<MemberView> {
    const lang = body.lang ?? defaultMemberLang(await this.siteLang(siteId));
    const row = await this.write(siteId, body.userGroup, (members) =>
      members.insert({
        siteId,
        name: body.name,
        email: body.email,
        memberNumber: body.memberNumber,
        phone: body.phone,
        company: body.company,
        induction: body.induction ?? false,
        userGroupId: body.userGroup ?? null,
        credits: body.credits ?? 0,
        lang,
      }),
    );
    return this.view(siteId, row.id);
  }

  async update(siteId: string, id: string, body: MemberPatch): Promise<MemberView> {
    const { userGroup, ...fields } = body;
    const changes: MemberChanges = Object.fromEntries(
      Object.entries({ ...fields, userGroupId: userGroup }).filter(([, value]) => value !== undefined),
    );
    const updated = await this.write(siteId, userGroup, (members) => members.update(siteId, id, changes));
    if (!updated) throw memberNotFound();
    return this.view(siteId, id);
  }

  async setUserGroup(siteId: string, ids: string[], userGroupId: string | null): Promise<BulkResult> {
    const count = await this.write(siteId, userGroupId, (members) =>
      members.setUserGroup(siteId, ids, userGroupId),
    );
    return { count };
  }

  async delete(siteId: string, id: string): Promise<void> {
    if ((await this.members.delete(siteId, [id])) === 0) throw memberNotFound();
  }

  async deleteMany(siteId: string, ids: string[]): Promise<BulkResult> {
    return { count: await this.members.delete(siteId, ids) };
  }

  async siteLang(siteId: string): Promise<string> {
    const site = await this.sites.find(siteId);
    if (!site) throw notFound('Site not found');
    return site.lang;
  }

  /**
   * Runs a member write in a transaction that first locks the user group it names (so the group cannot be
   * deleted before the write lands) and refuses a group of another site. The email's unique index, not a
   * look-up, decides a duplicate, so two operators adding the same email at once get one member and a 409.
   */
  private async write<T>(
    siteId: string,
    userGroupId: string | null | undefined,
    write: (members: MembersRepository) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.db.transaction(async (tx) => {
        if (userGroupId && !(await this.userGroups.in(tx).lockForMembers(siteId, userGroupId)))
          throw badRequest('Unknown user group');
        return write(this.members.in(tx));
      });
    } catch (error) {
      // members_site_email_idx is the only unique index a member write can break.
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, 'emailTaken');
      throw error;
    }
  }
}
