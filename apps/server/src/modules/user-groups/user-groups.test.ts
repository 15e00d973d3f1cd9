import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { UserGroupView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, startTestServer } from '../../../test/helpers';
import { members } from '../../db/tables/members';
import {
  createMember,
  freshSite,
  memberFixtures,
  uniqueTag,
  type MemberFixtures,
} from '../members/members.test-support';
import { prices, services } from '../../db/tables/services';
import { userGroups } from '../../db/tables/user-groups';

let rt: Runtime;
let f: MemberFixtures;

beforeAll(async () => {
  rt = await startTestServer();
  f = await memberFixtures(rt);
});
afterAll(() => rt.stop());

const groupsApi = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  token: string,
  siteId: string,
  payload?: object,
) =>
  rt.app.inject({
    method,
    url: `/api/dashboard/sites/user-groups${path}`,
    headers: asUser(token, siteId),
    payload,
  });

async function createGroup(
  token: string,
  siteId: string,
  name = `Group ${uniqueTag()}`,
): Promise<UserGroupView> {
  const res = await groupsApi('POST', '', token, siteId, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UserGroupView>();
}
const listGroups = async (token: string, siteId: string) => {
  const res = await groupsApi('GET', '', token, siteId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UserGroupView[]>();
};

/** A service of the site with one price per entry of `groups` (null = the guest price). */
async function serviceWithPrices(siteId: string, groups: Array<string | null>): Promise<string[]> {
  const [service] = await rt.ctx.db
    .insert(services)
    .values({ siteId, name: '18 holes', duration: 240 })
    .returning();
  const rows = await rt.ctx.db
    .insert(prices)
    .values(
      groups.map((userGroupId, i) => ({
        serviceId: service!.id,
        name: `Price ${i}`,
        amount: 2500,
        userGroupId,
      })),
    )
    .returning();
  return rows.map((row) => row.id);
}

describe('GET /api/dashboard/sites/user-groups', () => {
  it("lists the site's groups by name with their price and member counts, to role basic too", async () => {
    const { siteId, token } = await freshSite(rt);
    const juniors = await createGroup(token, siteId, 'juniors');
    const members_ = await createGroup(token, siteId, 'Members');
    const seniors = await createGroup(token, siteId, 'Seniors');
    await serviceWithPrices(siteId, [members_._id, members_._id, juniors._id, null]);
    for (let i = 0; i < 3; i++) await createMember(rt, token, siteId, { userGroup: members_._id });
    await createMember(rt, token, siteId, { userGroup: seniors._id });
    await createMember(rt, token, siteId);

    expect(await listGroups(token, siteId)).toEqual([
      { _id: juniors._id, site: siteId, name: 'juniors', prices: 1, members: 0 },
      { _id: members_._id, site: siteId, name: 'Members', prices: 2, members: 3 },
      { _id: seniors._id, site: siteId, name: 'Seniors', prices: 0, members: 1 },
    ]);
    expect((await listGroups(f.staff, f.demoId)).every((group) => group.site === f.demoId)).toBe(true);
  });

  it("never lists another site's groups and refuses a site the user does not hold", async () => {
    const theirs = await createGroup(f.operator2, f.secondId);
    expect((await listGroups(f.staff, f.demoId)).map((g) => g._id)).not.toContain(theirs._id);
    expect((await groupsApi('GET', '', f.staff, f.secondId)).statusCode).toBe(403);
  });
});

describe('POST /api/dashboard/sites/user-groups', () => {
  it('creates a group with a trimmed name and no prices or members', async () => {
    const name = `Juniors ${uniqueTag()}`;
    const res = await groupsApi('POST', '', f.operator, f.demoId, { name: `  ${name} ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ _id: expect.any(String), site: f.demoId, name, prices: 0, members: 0 });
  });

  it('answers 409 for a name the site already has, in any case; another site may have it', async () => {
    const name = `Ældre ${uniqueTag()}`;
    await createGroup(f.operator, f.demoId, name);
    for (const variant of [name, name.toUpperCase(), name.toLowerCase()]) {
      const res = await groupsApi('POST', '', f.operator, f.demoId, { name: variant });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'A user group with this name already exists' });
    }
    expect((await createGroup(f.operator2, f.secondId, name)).name).toBe(name);
  });

  it.each([
    ['no name', { name: '  ' }],
    ["the built-in 'guest'", { name: 'Guest' }],
    ['a name over 60 characters', { name: 'x'.repeat(61) }],
    ['no body field', {}],
  ])('refuses %s with 400', async (_case, body) => {
    const res = await groupsApi('POST', '', f.operator, f.demoId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^name: /);
  });

  it('is refused to role basic', async () => {
    expect((await groupsApi('POST', '', f.staff, f.demoId, { name: `X ${uniqueTag()}` })).statusCode).toBe(
      403,
    );
  });
});

describe('PATCH /api/dashboard/sites/user-groups/:id', () => {
  it('renames the group, keeping its counts; its own name in another case is no conflict', async () => {
    const group = await createGroup(f.operator, f.demoId);
    await createMember(rt, f.operator, f.demoId, { userGroup: group._id });
    const name = `Renamed ${uniqueTag()}`;
    const res = await groupsApi('PATCH', `/${group._id}`, f.operator, f.demoId, { name });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...group, name, members: 1 });
    const recased = await groupsApi('PATCH', `/${group._id}`, f.operator, f.demoId, {
      name: name.toLowerCase(),
    });
    expect(recased.statusCode).toBe(200);
  });

  it("answers 409 for another group's name and 404 for another site's group", async () => {
    const taken = await createGroup(f.operator, f.demoId);
    const group = await createGroup(f.operator, f.demoId);
    const res = await groupsApi('PATCH', `/${group._id}`, f.operator, f.demoId, { name: taken.name });
    expect(res.statusCode).toBe(409);
    const theirs = await createGroup(f.operator2, f.secondId);
    const foreign = await groupsApi('PATCH', `/${theirs._id}`, f.admin, f.demoId, {
      name: `Mine ${uniqueTag()}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await listGroups(f.operator2, f.secondId)).find((g) => g._id === theirs._id)?.name).toBe(
      theirs.name,
    );
    expect(
      (await groupsApi('PATCH', `/${randomUUID()}`, f.operator, f.demoId, { name: 'Nobody' })).statusCode,
    ).toBe(404);
  });

  it("refuses 'guest' and role basic", async () => {
    const group = await createGroup(f.operator, f.demoId);
    expect(
      (await groupsApi('PATCH', `/${group._id}`, f.operator, f.demoId, { name: 'guest' })).statusCode,
    ).toBe(400);
    expect((await groupsApi('PATCH', `/${group._id}`, f.staff, f.demoId, { name: 'Other' })).statusCode).toBe(
      403,
    );
  });
});

describe('DELETE /api/dashboard/sites/user-groups/:id', () => {
  it('deletes the group with its prices, makes its members guests, and answers both counts', async () => {
    const group = await createGroup(f.operator, f.demoId);
    const other = await createGroup(f.operator, f.demoId);
    const [p1, p2, keptGuest, keptOther] = await serviceWithPrices(f.demoId, [
      group._id,
      group._id,
      null,
      other._id,
    ]);
    const inGroup = [
      await createMember(rt, f.operator, f.demoId, { userGroup: group._id }),
      await createMember(rt, f.operator, f.demoId, { userGroup: group._id }),
    ];
    const inOther = await createMember(rt, f.operator, f.demoId, { userGroup: other._id });

    const res = await groupsApi('DELETE', `/${group._id}`, f.operator, f.demoId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deletedPrices: 2, movedMembers: 2 });

    const left = await rt.ctx.db
      .select({ id: prices.id })
      .from(prices)
      .where(inArray(prices.id, [p1!, p2!, keptGuest!, keptOther!]));
    expect(left.map((row) => row.id).sort()).toEqual([keptGuest!, keptOther!].sort());
    const ids = [...inGroup.map((m) => m._id), inOther._id];
    const rows = await rt.ctx.db.select().from(members).where(inArray(members.id, ids));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.userGroupId]))).toEqual({
      [inGroup[0]!._id]: null,
      [inGroup[1]!._id]: null,
      [inOther._id]: other._id,
    });
    expect((await listGroups(f.operator, f.demoId)).map((g) => g._id)).not.toContain(group._id);
    expect((await groupsApi('DELETE', `/${group._id}`, f.operator, f.demoId)).statusCode).toBe(404);
  });

  it('answers zero counts for an unused group', async () => {
    const group = await createGroup(f.operator, f.demoId);
    const res = await groupsApi('DELETE', `/${group._id}`, f.operator, f.demoId);
    expect(res.json()).toEqual({ deletedPrices: 0, movedMembers: 0 });
  });

  it("answers 404 for another site's group, keeping it, and refuses role basic", async () => {
    const theirs = await createGroup(f.operator2, f.secondId);
    expect((await groupsApi('DELETE', `/${theirs._id}`, f.admin, f.demoId)).statusCode).toBe(404);
    const mine = await createGroup(f.operator, f.demoId);
    expect((await groupsApi('DELETE', `/${mine._id}`, f.staff, f.demoId)).statusCode).toBe(403);
    const kept = await rt.ctx.db
      .select()
      .from(userGroups)
      .where(inArray(userGroups.id, [theirs._id, mine._id]));
    expect(kept).toHaveLength(2);
  });
});

describe('members and user groups', () => {
  it("shows the group's new name on its members", async () => {
    const group = await createGroup(f.operator, f.demoId);
    const member = await createMember(rt, f.operator, f.demoId, { userGroup: group._id });
    const name = `Renamed ${uniqueTag()}`;
    await groupsApi('PATCH', `/${group._id}`, f.operator, f.demoId, { name });
    const res = await rt.app.inject({
      url: `/api/dashboard/members?query=${encodeURIComponent(member.email)}&searchIn=email`,
      headers: asUser(f.operator, f.demoId),
    });
    expect(res.json<{ data: Array<{ userGroupName: string }> }>().data[0]?.userGroupName).toBe(name);
    const [row] = await rt.ctx.db.select().from(members).where(eq(members.id, member._id));
    expect(row!.userGroupId).toBe(group._id);
  });
});
