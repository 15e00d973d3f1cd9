import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { MemberView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { startTestServer } from '../../../test/helpers';
import { profiles } from '../../db/tables/profiles';
import { members } from '../../db/tables/members';
import {
  createMember,
  memberEmail,
  memberFixtures,
  membersApi,
  type MemberFixtures,
} from './members.test-support';

let rt: Runtime;
let f: MemberFixtures;

beforeAll(async () => {
  rt = await startTestServer();
  f = await memberFixtures(rt);
});
afterAll(() => rt.stop());

/** An app profile with `email` (as the consumer app stores it: lower-cased). */
async function profileFor(email: string): Promise<string> {
  const [row] = await rt.ctx.db
    .insert(profiles)
    .values({ email, firstName: 'App', lastName: 'User' })
    .returning();
  return row!.id;
}

const profilesOf = async (ids: string[]) =>
  Object.fromEntries(
    (await rt.ctx.db.select().from(members).where(inArray(members.id, ids))).map((row) => [
      row.id,
      row.profileId,
    ]),
  );

describe('POST /api/dashboard/members/link', () => {
  it('links each selected member to the app profile with its email and counts them', async () => {
    const withProfile = await createMember(rt, f.admin, f.demoId);
    const alsoWithProfile = await createMember(rt, f.admin, f.demoId);
    const withoutProfile = await createMember(rt, f.admin, f.demoId);
    const [p1, p2] = [await profileFor(withProfile.email), await profileFor(alsoWithProfile.email)];
    const res = await membersApi(rt, 'POST', '/link', f.admin, f.demoId, {
      members: {
        [withProfile.email]: withProfile._id,
        // The key names the member's email in another case: still the same email.
        [alsoWithProfile.email.toUpperCase()]: alsoWithProfile._id,
        [withoutProfile.email]: withoutProfile._id,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    expect(await profilesOf([withProfile._id, alsoWithProfile._id, withoutProfile._id])).toEqual({
      [withProfile._id]: p1,
      [alsoWithProfile._id]: p2,
      [withoutProfile._id]: null,
    });
  });

  it("links no member that is linked already, another site's, or named with another member's email", async () => {
    const linked = await createMember(rt, f.admin, f.demoId);
    const first = await profileFor(linked.email);
    expect((await membersApi(rt, 'POST', `/${linked._id}/link`, f.admin, f.demoId)).statusCode).toBe(200);
    const theirs = await createMember(rt, f.operator2, f.secondId);
    await profileFor(theirs.email);
    const mine = await createMember(rt, f.admin, f.demoId);
    const other = await createMember(rt, f.admin, f.demoId);
    await profileFor(other.email);

    const res = await membersApi(rt, 'POST', '/link', f.admin, f.demoId, {
      members: { [linked.email]: linked._id, [theirs.email]: theirs._id, [other.email]: mine._id },
    });
    expect(res.json()).toEqual({ count: 0 });
    expect(await profilesOf([linked._id, theirs._id, mine._id])).toEqual({
      [linked._id]: first,
      [theirs._id]: null,
      [mine._id]: null,
    });
  });

  it('refuses an empty selection and role user; basic too', async () => {
    expect((await membersApi(rt, 'POST', '/link', f.admin, f.demoId, { members: {} })).statusCode).toBe(400);
    const member = await createMember(rt, f.admin, f.demoId);
    await profileFor(member.email);
    for (const token of [f.operator, f.staff]) {
      const res = await membersApi(rt, 'POST', '/link', token, f.demoId, {
        members: { [member.email]: member._id },
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await profilesOf([member._id])).toEqual({ [member._id]: null });
  });
});

describe('POST /api/dashboard/members/unlink', () => {
  it('unlinks each member from exactly the profile named and counts them', async () => {
    const a = await createMember(rt, f.admin, f.demoId);
    const b = await createMember(rt, f.admin, f.demoId);
    const [pa, pb] = [await profileFor(a.email), await profileFor(b.email)];
    await membersApi(rt, 'POST', '/link', f.admin, f.demoId, {
      members: { [a.email]: a._id, [b.email]: b._id },
    });

    const wrong = await membersApi(rt, 'POST', '/unlink', f.admin, f.demoId, { members: { [a._id]: pb } });
    expect(wrong.json()).toEqual({ count: 0 });
    const res = await membersApi(rt, 'POST', '/unlink', f.admin, f.demoId, {
      members: { [a._id]: pa, [b._id]: pb },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    expect(await profilesOf([a._id, b._id])).toEqual({ [a._id]: null, [b._id]: null });
  });

  it("leaves another site's member linked", async () => {
    const theirs = await createMember(rt, f.operator2, f.secondId);
    const profile = await profileFor(theirs.email);
    await rt.ctx.db
      .update(members)
      .set({ profileId: profile })
      .where(inArray(members.id, [theirs._id]));
    const res = await membersApi(rt, 'POST', '/unlink', f.admin, f.demoId, {
      members: { [theirs._id]: profile },
    });
    expect(res.json()).toEqual({ count: 0 });
    expect(await profilesOf([theirs._id])).toEqual({ [theirs._id]: profile });
  });

  it('refuses keys that are not member ids, and role user', async () => {
    const bad = await membersApi(rt, 'POST', '/unlink', f.admin, f.demoId, {
      members: { 'not-an-id': randomUUID() },
    });
    expect(bad.statusCode).toBe(400);
    const res = await membersApi(rt, 'POST', '/unlink', f.operator, f.demoId, {
      members: { [randomUUID()]: randomUUID() },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/dashboard/members/:id/link and /:id/unlink', () => {
  it('links to the profile with the member’s email, then unlinks', async () => {
    const member = await createMember(rt, f.admin, f.demoId);
    const profile = await profileFor(member.email);
    const linked = await membersApi(rt, 'POST', `/${member._id}/link`, f.admin, f.demoId);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<MemberView>()).toMatchObject({ _id: member._id, profile });

    const again = await membersApi(rt, 'POST', `/${member._id}/link`, f.admin, f.demoId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Member is already linked' });

    const unlinked = await membersApi(rt, 'POST', `/${member._id}/unlink`, f.admin, f.demoId);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json<MemberView>().profile).toBeNull();
    const twice = await membersApi(rt, 'POST', `/${member._id}/unlink`, f.admin, f.demoId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'Member is not linked' });
  });

  it('answers 404 when no app profile has the email, and for another site’s member', async () => {
    const member = await createMember(rt, f.admin, f.demoId, { email: memberEmail('noprofile') });
    const none = await membersApi(rt, 'POST', `/${member._id}/link`, f.admin, f.demoId);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ message: 'No app profile with this email' });

    const theirs = await createMember(rt, f.operator2, f.secondId);
    await profileFor(theirs.email);
    expect((await membersApi(rt, 'POST', `/${theirs._id}/link`, f.admin, f.demoId)).statusCode).toBe(404);
    expect((await membersApi(rt, 'POST', `/${theirs._id}/unlink`, f.admin, f.demoId)).statusCode).toBe(404);
    expect(await profilesOf([theirs._id])).toEqual({ [theirs._id]: null });
  });

  it('is refused to role user', async () => {
    const member = await createMember(rt, f.admin, f.demoId);
    await profileFor(member.email);
    expect((await membersApi(rt, 'POST', `/${member._id}/link`, f.operator, f.demoId)).statusCode).toBe(403);
    expect((await membersApi(rt, 'POST', `/${member._id}/unlink`, f.operator, f.demoId)).statusCode).toBe(
      403,
    );
    expect(await profilesOf([member._id])).toEqual({ [member._id]: null });
  });
});
