import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { MemberView, MembersPage } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { startTestServer } from '../../../test/helpers';
import { codes } from '../../db/tables/codes';
import { userGroups } from '../../db/tables/user-groups';
import { members } from '../../db/tables/members';
import {
  createMember,
  freshSite,
  memberEmail,
  memberFixtures,
  membersApi,
  queryString,
  uniqueTag,
  type MemberFixtures,
} from './members.test-support';

const EMAIL_TAKEN = 'Email already exists, please use a different email and try again.';

let rt: Runtime;
let f: MemberFixtures;

beforeAll(async () => {
  rt = await startTestServer();
  f = await memberFixtures(rt);
});
afterAll(() => rt.stop());

const list = async (token: string, siteId: string, query: Record<string, string | number>) => {
  const res = await membersApi(rt, 'GET', queryString(query), token, siteId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MembersPage>();
};
const messageOf = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

async function newGroup(siteId: string, name = `Group ${uniqueTag()}`): Promise<string> {
  const [row] = await rt.ctx.db.insert(userGroups).values({ siteId, name }).returning();
  return row!.id;
}

/** A 6-digit code no member of the site has yet. */
async function freeCode(siteId: string): Promise<string> {
  const taken = new Set(
    (await rt.ctx.db.select({ code: codes.code }).from(codes).where(eq(codes.siteId, siteId))).map(
      (r) => r.code,
    ),
  );
  for (;;) {
    const code = String(100_000 + Math.floor(Math.random() * 900_000));
    if (!taken.has(code)) return code;
  }
}

describe('POST /api/dashboard/members', () => {
  it("creates a member with a trimmed, lower-cased email, the site's language and no credits", async () => {
    const email = memberEmail('Create');
    const member = await createMember(rt, f.operator, f.demoId, {
      name: '  Søren Ågård ',
      email: `  ${email.toUpperCase()} `,
      memberNumber: ' 1042 ',
      company: '',
    });
    expect(member).toMatchObject({
      site: f.demoId,
      name: 'Søren Ågård',
      email: email.toLowerCase(),
      memberNumber: '1042',
      company: null,
      phone: null,
      induction: false,
      userGroup: null,
      userGroupName: null,
      credits: 0,
      profile: null,
      lang: 'en',
      codes: [],
    });
    const second = await createMember(rt, f.operator2, f.secondId);
    expect(second.lang).toBe('cs');
  });

  it("falls back to English when the site's language is not a member language, and keeps a chosen one", async () => {
    const { siteId, token } = await freshSite(rt, 'fr');
    expect((await createMember(rt, token, siteId)).lang).toBe('en');
    expect((await createMember(rt, token, siteId, { lang: 'de' })).lang).toBe('de');
  });

  it('stores any negative credits as unlimited (-1)', async () => {
    expect((await createMember(rt, f.operator, f.demoId, { credits: -7 })).credits).toBe(-1);
    expect((await createMember(rt, f.operator, f.demoId, { credits: 12 })).credits).toBe(12);
  });

  it('puts the member in one of the site’s user groups and shows its name', async () => {
    const group = await newGroup(f.demoId, `Juniors ${uniqueTag()}`);
    const member = await createMember(rt, f.operator, f.demoId, { userGroup: group });
    expect(member.userGroup).toBe(group);
    expect(member.userGroupName).toMatch(/^Juniors /);
  });

  it.each([
    ['no name', { name: '  ' }, /^name: /],
    ['an invalid email', { email: 'not-an-email' }, /^email: Please enter a valid email address/],
    ['no email', { email: undefined }, /^email: /],
    ['fractional credits', { credits: 1.5 }, /^credits: /],
    ['an unknown language', { lang: 'fr' }, /^lang: /],
  ])('refuses %s with 400 naming the field', async (_case, body, message) => {
    const res = await membersApi(rt, 'POST', '', f.operator, f.demoId, {
      name: 'Valid Name',
      email: memberEmail(),
      ...body,
    });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toMatch(message);
  });

  it("refuses a user group that is not the site's", async () => {
    const theirs = await newGroup(f.secondId);
    for (const userGroup of [theirs, randomUUID()]) {
      const email = memberEmail();
      const res = await membersApi(rt, 'POST', '', f.operator, f.demoId, { name: 'X', email, userGroup });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe('Unknown user group');
      const stored = await rt.ctx.db.select().from(members).where(eq(members.email, email));
      expect(stored).toEqual([]);
    }
  });

  it('answers 409 for an email the site already has, whatever its case or spaces', async () => {
    const email = memberEmail('dup');
    await createMember(rt, f.operator, f.demoId, { email });
    for (const variant of [email, email.toUpperCase(), `  ${email} `]) {
      const res = await membersApi(rt, 'POST', '', f.operator, f.demoId, { name: 'Again', email: variant });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: EMAIL_TAKEN, code: 'emailTaken' });
    }
    // Another club may have a member with the same email.
    expect((await createMember(rt, f.operator2, f.secondId, { email })).email).toBe(email);
  });

  it('gives one member and one 409 when the same email is added twice at once', async () => {
    const email = memberEmail('race');
    const results = await Promise.all(
      [1, 2].map(() => membersApi(rt, 'POST', '', f.operator, f.demoId, { name: 'Race', email })),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const stored = await rt.ctx.db.select().from(members).where(eq(members.email, email));
    expect(stored).toHaveLength(1);
  });

  it('is refused to role basic', async () => {
    const res = await membersApi(rt, 'POST', '', f.staff, f.demoId, { name: 'X', email: memberEmail() });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/dashboard/members', () => {
  it('pages, counts and sorts by name regardless of case', async () => {
    const tag = uniqueTag();
    const names = Array.from(
      { length: 25 },
      (_, i) => `${i % 2 ? 'b' : 'B'}${tag} ${String(i).padStart(2, '0')}`,
    );
    for (const name of names) await createMember(rt, f.operator, f.demoId, { name });
    const sorted = [...names].sort((a, b) => a.slice(1).localeCompare(b.slice(1)));

    const first = await list(f.operator, f.demoId, { query: tag, limit: 20 });
    expect(first.data.map((m) => m.name)).toEqual(sorted.slice(0, 20));
    expect(first.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalItems: 25,
      itemsPerPage: 20,
      nextPage: 2,
      prevPage: null,
    });
    const second = await list(f.operator, f.demoId, { query: tag, limit: 20, page: 2 });
    expect(second.data.map((m) => m.name)).toEqual(sorted.slice(20));
    expect(second.pagination).toMatchObject({ currentPage: 2, nextPage: null, prevPage: 1 });

    const desc = await list(f.operator, f.demoId, { query: tag, limit: 30, sort: 'name:desc' });
    expect(desc.data.map((m) => m.name)).toEqual([...sorted].reverse());

    const beyond = await list(f.operator, f.demoId, { query: tag, limit: 20, page: 9 });
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.totalItems).toBe(25);
    const farBeyond = await list(f.operator, f.demoId, {
      query: tag,
      limit: 100,
      page: Number.MAX_SAFE_INTEGER,
    });
    expect(farBeyond.data).toEqual([]);
    expect(farBeyond.pagination.totalItems).toBe(25);
  });

  it('sorts unlimited credits above any number, and empty companies last both ways', async () => {
    const tag = uniqueTag();
    const a = await createMember(rt, f.operator, f.demoId, { name: `${tag} a`, credits: 5, company: 'Zeta' });
    const b = await createMember(rt, f.operator, f.demoId, { name: `${tag} b`, credits: -1 });
    const c = await createMember(rt, f.operator, f.demoId, {
      name: `${tag} c`,
      credits: 0,
      company: 'alpha',
    });
    const ids = async (sort: string) =>
      (await list(f.operator, f.demoId, { query: tag, sort })).data.map((m) => m._id);
    expect(await ids('credits:asc')).toEqual([c._id, a._id, b._id]);
    expect(await ids('credits:desc')).toEqual([b._id, a._id, c._id]);
    expect(await ids('company:asc')).toEqual([c._id, a._id, b._id]);
    expect(await ids('company:desc')).toEqual([a._id, c._id, b._id]);
  });

  it('searches name, company and email as substrings regardless of case, or only the field asked', async () => {
    const tag = uniqueTag();
    const byName = await createMember(rt, f.operator, f.demoId, { name: `Ærø ${tag.toUpperCase()} Jensen` });
    const byCompany = await createMember(rt, f.operator, f.demoId, {
      name: 'Someone',
      company: `${tag} ApS`,
    });
    const byEmail = await createMember(rt, f.operator, f.demoId, { email: `${tag}@example.org` });
    const found = async (query: Record<string, string>) =>
      (await list(f.operator, f.demoId, query)).data.map((m) => m._id).sort();

    expect(await found({ query: tag })).toEqual([byName._id, byCompany._id, byEmail._id].sort());
    expect(await found({ query: tag, searchIn: 'name' })).toEqual([byName._id]);
    expect(await found({ query: tag, searchIn: 'company' })).toEqual([byCompany._id]);
    expect(await found({ query: tag, searchIn: 'email' })).toEqual([byEmail._id]);
    expect(await found({ query: `ærø ${tag}` })).toEqual([byName._id]);
  });

  it('treats % and _ in the search as letters, not wildcards', async () => {
    const tag = uniqueTag();
    const percent = await createMember(rt, f.operator, f.demoId, { name: `${tag} 100% member` });
    const underscore = await createMember(rt, f.operator, f.demoId, { name: `${tag} a_b` });
    await createMember(rt, f.operator, f.demoId, { name: `${tag} 1000 axb` });
    const found = async (query: string) =>
      (await list(f.operator, f.demoId, { query })).data.map((m) => m._id);
    expect(await found(`${tag} 100%`)).toEqual([percent._id]);
    expect(await found(`${tag} a_b`)).toEqual([underscore._id]);
    expect(await found(`${tag}%`)).toEqual([]);
    expect(await found(`${tag}\\`)).toEqual([]);
  });

  it("shows each member's codes, virtual key before keypad before RFID", async () => {
    const member = await createMember(rt, f.operator2, f.secondId, { name: `Coded ${uniqueTag()}` });
    const [keypad, virtualKey] = [await freeCode(f.secondId), await freeCode(f.secondId)];
    await rt.ctx.db.insert(codes).values([
      { siteId: f.secondId, memberId: member._id, type: 'rfid', code: `9${Date.now()}` },
      { siteId: f.secondId, memberId: member._id, type: 'keypad', code: keypad, devices: ['2'] },
      { siteId: f.secondId, memberId: member._id, type: 'virtualKey', code: virtualKey, allDevices: true },
    ]);
    const [shown] = (await list(f.operator2, f.secondId, { query: member.name })).data;
    expect(shown!.codes.map((code) => code.type)).toEqual(['virtualKey', 'keypad', 'rfid']);
    expect(shown!.codes[1]).toMatchObject({
      code: keypad,
      devices: ['2'],
      allDevices: false,
      driver: member._id,
    });
  });

  it("never lists another site's members", async () => {
    const tag = uniqueTag();
    await createMember(rt, f.operator2, f.secondId, { name: `${tag} theirs` });
    const mine = await createMember(rt, f.operator, f.demoId, { name: `${tag} mine` });
    expect((await list(f.operator, f.demoId, { query: tag })).data.map((m) => m._id)).toEqual([mine._id]);
  });

  it.each([
    ['a page size not offered', { limit: 25 }, /^limit: Page size must be 20, 30, 50 or 100/],
    ['an unknown sort field', { sort: 'password:asc' }, /^sort: Unknown sort/],
    ['an unknown sort direction', { sort: 'name:up' }, /^sort: Unknown sort/],
    ['page 0', { page: 0 }, /^page: /],
    ['an unknown search field', { query: 'x', searchIn: 'phone' }, /^searchIn: /],
  ])('refuses %s with 400', async (_case, query, message) => {
    const res = await membersApi(rt, 'GET', queryString(query), f.operator, f.demoId);
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toMatch(message);
  });

  it('is refused to role basic and to a site the user does not hold', async () => {
    expect((await membersApi(rt, 'GET', '', f.staff, f.demoId)).statusCode).toBe(403);
    expect((await membersApi(rt, 'GET', '', f.operator, f.secondId)).statusCode).toBe(403);
  });

  it('answers the first 50 by name when asked nothing', async () => {
    const page = await list(f.admin, f.demoId, {});
    expect(page.pagination).toMatchObject({ currentPage: 1, itemsPerPage: 50 });
    expect(page).toEqual(await list(f.admin, f.demoId, { page: 1, limit: 50, sort: 'name:asc' }));
  });
});

describe('PATCH /api/dashboard/members/:id', () => {
  it('changes only the fields sent', async () => {
    const member = await createMember(rt, f.operator, f.demoId, { company: 'Hansen ApS', credits: 3 });
    const group = await newGroup(f.demoId);
    const res = await membersApi(rt, 'PATCH', `/${member._id}`, f.operator, f.demoId, {
      name: 'Jørgen Ølgaard',
      userGroup: group,
      credits: -3,
      induction: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MemberView>()).toMatchObject({
      ...member,
      name: 'Jørgen Ølgaard',
      userGroup: group,
      userGroupName: expect.any(String),
      credits: -1,
      induction: true,
      company: 'Hansen ApS',
    });
    const cleared = await membersApi(rt, 'PATCH', `/${member._id}`, f.operator, f.demoId, {
      userGroup: null,
      company: '',
    });
    expect(cleared.json<MemberView>()).toMatchObject({ userGroup: null, userGroupName: null, company: null });
  });

  it('answers 409 when the new email is another member’s, in any case', async () => {
    const taken = await createMember(rt, f.operator, f.demoId);
    const member = await createMember(rt, f.operator, f.demoId);
    const res = await membersApi(rt, 'PATCH', `/${member._id}`, f.operator, f.demoId, {
      email: ` ${taken.email.toUpperCase()}`,
    });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(EMAIL_TAKEN);
    // Its own email again is no conflict.
    const same = await membersApi(rt, 'PATCH', `/${member._id}`, f.operator, f.demoId, {
      email: member.email,
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses unknown fields, an empty change and a foreign user group', async () => {
    const member = await createMember(rt, f.operator, f.demoId);
    const patch = (body: object) => membersApi(rt, 'PATCH', `/${member._id}`, f.operator, f.demoId, body);
    const unknown = await patch({ site: f.secondId });
    expect(unknown.statusCode).toBe(400);
    expect(messageOf(unknown)).toMatch(/Unrecognized key/);
    expect((await patch({})).statusCode).toBe(400);
    const foreign = await patch({ userGroup: await newGroup(f.secondId) });
    expect(foreign.statusCode).toBe(400);
    expect(messageOf(foreign)).toBe('Unknown user group');
    expect((await patch({ name: '' })).statusCode).toBe(400);
  });

  it("answers 404 for another site's member and leaves it alone", async () => {
    const theirs = await createMember(rt, f.operator2, f.secondId, { name: 'Theirs' });
    const res = await membersApi(rt, 'PATCH', `/${theirs._id}`, f.admin, f.demoId, { name: 'Mine now' });
    expect(res.statusCode).toBe(404);
    const [row] = await rt.ctx.db.select().from(members).where(eq(members.id, theirs._id));
    expect(row!.name).toBe('Theirs');
  });

  it('is refused to role basic', async () => {
    const member = await createMember(rt, f.operator, f.demoId);
    const res = await membersApi(rt, 'PATCH', `/${member._id}`, f.staff, f.demoId, { name: 'X' });
    expect(res.statusCode).toBe(403);
  });
});

describe('PATCH /api/dashboard/members (user group of many)', () => {
  it("sets the group of the site's members only, and clears it", async () => {
    const group = await newGroup(f.demoId);
    const mine = [await createMember(rt, f.operator, f.demoId), await createMember(rt, f.operator, f.demoId)];
    const theirs = await createMember(rt, f.operator2, f.secondId);
    const ids = [...mine.map((m) => m._id), theirs._id];
    const res = await membersApi(rt, 'PATCH', '', f.operator, f.demoId, {
      ids,
      updateData: { userGroup: group },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    const rows = await rt.ctx.db.select().from(members).where(inArray(members.id, ids));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.userGroupId]))).toEqual({
      [mine[0]!._id]: group,
      [mine[1]!._id]: group,
      [theirs._id]: null,
    });

    const cleared = await membersApi(rt, 'PATCH', '', f.operator, f.demoId, {
      ids,
      updateData: { userGroup: null },
    });
    expect(cleared.json()).toEqual({ count: 2 });
  });

  it('refuses a foreign group, other update fields, and no ids', async () => {
    const member = await createMember(rt, f.operator, f.demoId);
    const bulk = (body: object) => membersApi(rt, 'PATCH', '', f.operator, f.demoId, body);
    const foreign = await bulk({ ids: [member._id], updateData: { userGroup: await newGroup(f.secondId) } });
    expect(foreign.statusCode).toBe(400);
    expect(messageOf(foreign)).toBe('Unknown user group');
    expect((await bulk({ ids: [member._id], updateData: { userGroup: null, credits: 5 } })).statusCode).toBe(
      400,
    );
    expect((await bulk({ ids: [], updateData: { userGroup: null } })).statusCode).toBe(400);
  });

  it('is refused to role basic', async () => {
    const member = await createMember(rt, f.operator, f.demoId);
    const res = await membersApi(rt, 'PATCH', '', f.staff, f.demoId, {
      ids: [member._id],
      updateData: { userGroup: null },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/dashboard/members/:id and POST /members/delete', () => {
  it('deletes a member with its codes; a second delete is 404', async () => {
    const member = await createMember(rt, f.operator2, f.secondId);
    await rt.ctx.db
      .insert(codes)
      .values({ siteId: f.secondId, memberId: member._id, type: 'keypad', code: await freeCode(f.secondId) });
    expect((await membersApi(rt, 'DELETE', `/${member._id}`, f.operator2, f.secondId)).statusCode).toBe(204);
    expect(await rt.ctx.db.select().from(codes).where(eq(codes.memberId, member._id))).toEqual([]);
    expect((await membersApi(rt, 'DELETE', `/${member._id}`, f.operator2, f.secondId)).statusCode).toBe(404);
  });

  it("answers 404 for another site's member and refuses role basic", async () => {
    const theirs = await createMember(rt, f.operator2, f.secondId);
    expect((await membersApi(rt, 'DELETE', `/${theirs._id}`, f.admin, f.demoId)).statusCode).toBe(404);
    const mine = await createMember(rt, f.operator, f.demoId);
    expect((await membersApi(rt, 'DELETE', `/${mine._id}`, f.staff, f.demoId)).statusCode).toBe(403);
    const left = await rt.ctx.db
      .select()
      .from(members)
      .where(inArray(members.id, [theirs._id, mine._id]));
    expect(left).toHaveLength(2);
  });

  it('deletes the selected members of the site only and counts them', async () => {
    const mine = [await createMember(rt, f.operator, f.demoId), await createMember(rt, f.operator, f.demoId)];
    const theirs = await createMember(rt, f.operator2, f.secondId);
    const ids = [...mine.map((m) => m._id), theirs._id, randomUUID()];
    const res = await membersApi(rt, 'POST', '/delete', f.operator, f.demoId, { ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    const left = await rt.ctx.db.select({ id: members.id }).from(members).where(inArray(members.id, ids));
    expect(left).toEqual([{ id: theirs._id }]);
  });

  it('refuses an empty selection, ids that are not ids, and role basic', async () => {
    expect((await membersApi(rt, 'POST', '/delete', f.operator, f.demoId, { ids: [] })).statusCode).toBe(400);
    expect((await membersApi(rt, 'POST', '/delete', f.operator, f.demoId, { ids: ['x'] })).statusCode).toBe(
      400,
    );
    const mine = await createMember(rt, f.operator, f.demoId);
    const res = await membersApi(rt, 'POST', '/delete', f.staff, f.demoId, { ids: [mine._id] });
    expect(res.statusCode).toBe(403);
  });
});
