import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/tables/users';
import { DomainEventBus } from '../../lib/events';
import type { Runtime } from '../../runtime';
import { asUser, loginAs, startAsSuperadmin } from '../../../test/helpers';
import { countQueries } from '../../../test/query-counter';
import { TEST_PASSWORD, createUser } from '../users/users.test-support';
import { SESSION_CACHE_MS, SessionCheck } from './session-check';

/**
 * Issue 22: a session's user is read once a second, not once per request, and whatever ends a session or
 * changes a user's access on this instance applies to the next request all the same.
 */
let rt: Runtime;
let superadmin: string;

beforeAll(async () => ({ rt, superadmin } = await startAsSuperadmin()));
afterAll(() => rt.stop());

const sessionReads = () => countQueries((query) => query.name === 'fairway_session_user');
const claimsOf = async (token: string) => (await rt.ctx.tokens.verify(token))!;
const me = (token: string) =>
  rt.app.inject({ url: '/api/dashboard/auth/', headers: asUser(token) }).then((res) => res.statusCode);

describe("a session's user", () => {
  it('is read once for a burst of the same session’s requests', async () => {
    const { sub } = await claimsOf(superadmin);
    rt.ctx.sessionCheck.forgetUser(sub);
    const reads = sessionReads();
    const answers = await Promise.all(Array.from({ length: 20 }, () => me(superadmin)));
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(reads.stop()).toBe(1);
  });

  it('is read again after a second: a change another instance made (no event here) applies then', async () => {
    const email = `cache-${Date.now()}@example.com`;
    await createUser(rt, { email, role: 'admin' });
    const token = await loginAs(rt, email, TEST_PASSWORD);
    const { sub, sid } = await claimsOf(token);
    // A check of its own, on a bus nobody emits on: as if the role were changed through another instance.
    const check = new SessionCheck(rt.ctx.db, rt.ctx.tokens, new DomainEventBus());
    const t0 = Date.now();
    expect(await check.user(sub, sid, t0)).toMatchObject({ role: 'admin' });
    await rt.ctx.db.update(users).set({ role: 'basic' }).where(eq(users.id, sub));
    expect(await check.user(sub, sid, t0 + SESSION_CACHE_MS - 1)).toMatchObject({ role: 'admin' });
    expect(await check.user(sub, sid, t0 + SESSION_CACHE_MS)).toMatchObject({ role: 'basic' });
  });

  it('is forgotten at once when its user’s access changes or their sessions end on this instance', async () => {
    const email = `cache-end-${Date.now()}@example.com`;
    const user = await createUser(rt, { email, role: 'superadmin' });
    const token = await loginAs(rt, email, TEST_PASSWORD);
    const listUsers = () =>
      rt.app.inject({ url: '/api/admin/users', headers: asUser(token) }).then((res) => res.statusCode);
    expect(await listUsers()).toBe(200);

    // Lowered to admin: the next request already is an admin's (the users list is the superadmins').
    const lowered = await rt.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${user.id}`,
      headers: asUser(superadmin),
      payload: { role: 'admin' },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await listUsers()).toBe(403);
    expect(await me(token)).toBe(200);

    // Logged out: the next request with the same access token is refused.
    const out = await rt.app.inject({
      method: 'POST',
      url: '/api/dashboard/auth/logout',
      headers: asUser(token),
    });
    expect(out.statusCode, out.body).toBe(204);
    expect(await me(token)).toBe(401);
  });

  it('is not kept when refused: a session that does not live is asked about every time', async () => {
    const check = new SessionCheck(rt.ctx.db, rt.ctx.tokens);
    const { sub } = await claimsOf(superadmin);
    const reads = sessionReads();
    const now = Date.now();
    expect(await check.user(sub, '00000000-0000-4000-8000-000000000000', now)).toBeNull();
    expect(await check.user(sub, '00000000-0000-4000-8000-000000000000', now + 1)).toBeNull();
    expect(reads.stop()).toBe(2);
  });
});
