import { randomUUID } from 'node:crypto';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileView, ProfilesPage } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, loginAs, startTestServer } from '../../../test/helpers';
import { members } from '../../db/tables/members';
import { profiles } from '../../db/tables/profiles';
import {
  createMember,
  memberFixtures,
  uniqueTag,
  type MemberFixtures,
} from '../members/members.test-support';

/** Issue 21 item 7: superadmins manage the guest-app profiles members link to (spec §3 Profile, §7). */

let rt: Runtime;
let f: MemberFixtures;
let superadmin: string;

beforeAll(async () => {
  rt = await startTestServer();
  f = await memberFixtures(rt);
  superadmin = await loginAs(rt, 'superadmin@example.com');
});
afterAll(() => rt?.stop());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (method: Method, path: string, token: string | null, payload?: object) =>
  rt.app.inject({
    method,
    url: `/api/admin/profiles${path}`,
    headers: token ? asUser(token) : {},
    ...(payload ? { payload } : {}),
  });

const emailFor = (tag: string, name = 'guest') => `${name}-${tag}@example.org`;

async function createProfile(body: Record<string, unknown>): Promise<ProfileView> {
  const res = await api('POST', '', superadmin, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ProfileView>();
}

/** Every profile row, as the database holds it: what a refused call must leave unchanged. */
const allProfiles = () => rt.ctx.db.select().from(profiles).orderBy(asc(profiles.id));

/** A member of the demo site linked to `profileId` (members link by email, so it gets the profile's). */
async function linkedMember(profile: ProfileView): Promise<string> {
  const member = await createMember(rt, f.admin, f.demoId, { email: profile.email });
  const res = await rt.app.inject({
    method: 'POST',
    url: `/api/dashboard/members/${member._id}/link`,
    headers: asUser(f.admin, f.demoId),
  });
  expect(res.statusCode, res.body).toBe(200);
  return member._id;
}

describe('who may call the profile routes', () => {
  it('answers 401 without a token and 403 below superadmin, for every route', async () => {
    const someId = randomUUID();
    const calls: Array<[Method, string, object?]> = [
      ['GET', ''],
      ['POST', '', { email: emailFor(uniqueTag()) }],
      ['PATCH', `/${someId}`, { firstName: 'X' }],
      ['DELETE', `/${someId}`],
      ['POST', '/bulk', { ids: [someId] }],
    ];
    const before = await allProfiles();
    for (const [method, path, body] of calls) {
      expect((await api(method, path, null, body)).statusCode, `${method} ${path}`).toBe(401);
      for (const token of [f.admin, f.staff, f.operator, f.operator2]) {
        const res = await api(method, path, token, body);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json()).toEqual({ message: expect.any(String) });
      }
    }
    expect(await allProfiles()).toEqual(before);
  });
});

describe('the profile list', () => {
  it('pages the profiles, newest first, with how many members link to each', async () => {
    const tag = uniqueTag();
    const first = await createProfile({ firstName: 'Ada', lastName: 'Fairway', email: emailFor(tag, 'a') });
    const second = await createProfile({ firstName: 'Bo', lastName: 'Green', email: emailFor(tag, 'b') });
    const third = await createProfile({ firstName: 'Cy', lastName: 'Rough', email: emailFor(tag, 'c') });
    await linkedMember(first);

    const page1 = (await api('GET', `?q=${tag}&limit=2`, superadmin)).json<ProfilesPage>();
    expect(page1.data.map((profile) => profile._id)).toEqual([third._id, second._id]);
    expect(page1.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalItems: 3,
      itemsPerPage: 2,
      nextPage: 2,
      prevPage: null,
    });
    const page2 = (await api('GET', `?q=${tag}&limit=2&page=2`, superadmin)).json<ProfilesPage>();
    expect(page2.data).toEqual([
      {
        _id: first._id,
        firstName: 'Ada',
        lastName: 'Fairway',
        email: emailFor(tag, 'a'),
        defaultPaymentMethod: null,
        linkedMembers: 1,
        createdAt: first.createdAt,
        updatedAt: first.updatedAt,
      },
    ]);
    expect(page2.pagination).toMatchObject({ currentPage: 2, nextPage: null, prevPage: 1 });
  });

  it('searches first name, last name and email regardless of case, with % and _ as letters', async () => {
    const tag = uniqueTag();
    const ærø = await createProfile({ firstName: 'Ærø', lastName: `Holm${tag}`, email: emailFor(tag) });
    const other = await createProfile({ firstName: 'Other', lastName: 'Person', email: emailFor(tag, 'x') });
    const ids = async (q: string) =>
      (await api('GET', `?q=${encodeURIComponent(q)}`, superadmin))
        .json<ProfilesPage>()
        .data.map((profile) => profile._id);
    expect(await ids(`ærø holm${tag.toUpperCase()}`)).toEqual([ærø._id]);
    expect(await ids(`x-${tag}@EXAMPLE`)).toEqual([other._id]);
    expect(await ids(tag)).toEqual([other._id, ærø._id]);
    expect(await ids(`${tag}%`)).toEqual([]);
    expect(await ids(`guest_${tag}`)).toEqual([]);
  });

  it('refuses a bad page or limit with 400', async () => {
    for (const query of ['?page=0', '?limit=0', '?limit=501', '?page=x', `?q=${'a'.repeat(101)}`]) {
      const res = await api('GET', query, superadmin);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('creating and changing a profile', () => {
  it('creates a profile with a normalised email and answers it', async () => {
    const tag = uniqueTag();
    const profile = await createProfile({
      firstName: ' Dana ',
      email: ` Dana-${tag}@Example.ORG `,
      defaultPaymentMethod: 'card',
    });
    expect(profile).toEqual({
      _id: expect.any(String),
      firstName: 'Dana',
      lastName: '',
      email: `dana-${tag}@example.org`,
      defaultPaymentMethod: 'card',
      linkedMembers: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('refuses a second profile with the same email (any case) with 409 and changes nothing', async () => {
    const tag = uniqueTag();
    await createProfile({ email: emailFor(tag) });
    const before = await allProfiles();
    const res = await api('POST', '', superadmin, { email: emailFor(tag).toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A profile with this email already exists', code: 'emailTaken' });
    expect(await allProfiles()).toEqual(before);
  });

  it('changes only the fields sent, and refuses another profile’s email with 409', async () => {
    const tag = uniqueTag();
    const profile = await createProfile({ firstName: 'Eve', lastName: 'Links', email: emailFor(tag, 'e') });
    const memberId = await linkedMember(profile);
    const other = await createProfile({ email: emailFor(tag, 'o') });

    const res = await api('PATCH', `/${profile._id}`, superadmin, { lastName: 'Changed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Eve',
      lastName: 'Changed',
      email: profile.email,
      linkedMembers: 1,
    });

    const taken = await api('PATCH', `/${profile._id}`, superadmin, { email: other.email, firstName: 'Not' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'emailTaken' });
    const [row] = await rt.ctx.db
      .select()
      .from(profiles)
      .where(inArray(profiles.id, [profile._id]));
    expect(row).toMatchObject({ firstName: 'Eve', lastName: 'Changed', email: profile.email });

    // A new email keeps the member linked: the link is by id, the email only found the profile.
    const moved = await api('PATCH', `/${profile._id}`, superadmin, { email: emailFor(tag, 'new') });
    expect(moved.json()).toMatchObject({ email: emailFor(tag, 'new'), linkedMembers: 1 });
    const [member] = await rt.ctx.db
      .select()
      .from(members)
      .where(inArray(members.id, [memberId]));
    expect(member!.profileId).toBe(profile._id);
  });

  it('answers 404 for an unknown profile', async () => {
    expect((await api('PATCH', `/${randomUUID()}`, superadmin, { firstName: 'X' })).statusCode).toBe(404);
    expect((await api('DELETE', `/${randomUUID()}`, superadmin)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const profile = await createProfile({ email: emailFor(uniqueTag()) });
    const before = await allProfiles();
    const bad: Array<[Method, string, object]> = [
      ['POST', '', {}],
      ['POST', '', { email: 'not-an-email' }],
      ['POST', '', { email: emailFor(uniqueTag()), firstName: 'x'.repeat(81) }],
      ['POST', '', { email: emailFor(uniqueTag()), firstName: 'a\u0000b' }],
      ['POST', '', { email: emailFor(uniqueTag()), defaultPaymentMethod: 7 }],
      ['PATCH', `/${profile._id}`, {}],
      ['PATCH', `/${profile._id}`, { email: '' }],
      ['PATCH', `/${profile._id}`, { lastName: 42 }],
      ['PATCH', '/not-a-uuid', { firstName: 'X' }],
      ['POST', '/bulk', { ids: [] }],
      ['POST', '/bulk', { ids: ['not-a-uuid'] }],
      ['POST', '/bulk', { ids: Array.from({ length: 1001 }, () => randomUUID()) }],
      ['POST', '/bulk', {}],
    ];
    for (const [method, path, body] of bad) {
      const res = await api(method, path, superadmin, body);
      expect(res.statusCode, `${method} ${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
    }
    expect((await api('DELETE', '/not-a-uuid', superadmin)).statusCode).toBe(400);
    expect(await allProfiles()).toEqual(before);
  });
});

describe('deleting profiles', () => {
  it('deletes one profile; its members stay, unlinked', async () => {
    const profile = await createProfile({ email: emailFor(uniqueTag()) });
    const memberId = await linkedMember(profile);
    const res = await api('DELETE', `/${profile._id}`, superadmin);
    expect(res.statusCode).toBe(204);
    expect(
      await rt.ctx.db
        .select()
        .from(profiles)
        .where(inArray(profiles.id, [profile._id])),
    ).toEqual([]);
    const [member] = await rt.ctx.db
      .select()
      .from(members)
      .where(inArray(members.id, [memberId]));
    expect(member).toMatchObject({ id: memberId, profileId: null });
  });

  it('deletes many at once, skipping unknown ids, and answers the count; members stay unlinked', async () => {
    const tag = uniqueTag();
    const doomed = await Promise.all(['a', 'b'].map((name) => createProfile({ email: emailFor(tag, name) })));
    const kept = await createProfile({ email: emailFor(tag, 'kept') });
    const memberIds = await Promise.all(doomed.map(linkedMember));
    const keptMember = await linkedMember(kept);

    const ids = [...doomed.map((profile) => profile._id), randomUUID()];
    const res = await api('POST', '/bulk', superadmin, { ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });

    const left = await rt.ctx.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(inArray(profiles.id, [...ids, kept._id]));
    expect(left).toEqual([{ id: kept._id }]);
    const rows = await rt.ctx.db
      .select({ id: members.id, profileId: members.profileId })
      .from(members)
      .where(inArray(members.id, [...memberIds, keptMember]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.profileId]))).toEqual({
      [memberIds[0]!]: null,
      [memberIds[1]!]: null,
      [keptMember]: kept._id,
    });
    expect((await api('POST', '/bulk', superadmin, { ids })).json()).toEqual({ deleted: 0 });
  });
});
