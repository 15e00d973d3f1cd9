import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { hashToken, randomToken } from '../../lib/tokens';
import { asUser, DEMO_PASSWORD, startAsSuperadmin, startTestServer } from '../../../test/helpers';
import { invites } from '../../db/tables/users';
import {
  TEST_PASSWORD,
  allSiteIds,
  createUser,
  linkIn,
  mailsTo,
  siteIdByName,
  uniqueEmail,
  waitForMail,
} from '../users/users.test-support';
import { AuthRepository } from './auth.repository';
import { passwordResets, refreshTokens } from '../../db/tables/auth';

interface Pair {
  accessToken: string;
  refreshToken: string;
}

let rt: Runtime;
let superadmin: string;
let demoSite: string;

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  rt.app.inject({ method: 'POST', url: `/api/dashboard/auth${url}`, payload, headers });

async function login(email: string, password = TEST_PASSWORD): Promise<Pair> {
  const res = await post('/login', { email, password });
  expect(res.statusCode).toBe(200);
  return res.json<Pair>();
}

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  demoSite = await siteIdByName(rt, 'Demo Golf Club');
});
afterAll(() => rt?.stop());

describe('POST /auth/login', () => {
  it('answers a token pair whose access token names the user and role, and records lastSeen', async () => {
    const user = await createUser(rt, { role: 'admin', sites: [demoSite] });
    expect(user.lastSeen).toBeNull();
    const pair = await login(user.email);
    expect(pair).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    const claims = await rt.ctx.tokens.verify(pair.accessToken);
    expect(claims).toMatchObject({ sub: user.id, role: 'admin', sid: expect.any(String) });
    const account = await rt.app.inject({ url: '/api/dashboard/auth', headers: asUser(pair.accessToken) });
    expect(account.json<Account>().lastSeen).not.toBeNull();
  });

  it('trims and lower-cases the email', async () => {
    const user = await createUser(rt);
    const res = await post('/login', { email: `  ${user.email.toUpperCase()} `, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 with one message for a wrong password and for an unknown email', async () => {
    const user = await createUser(rt);
    for (const payload of [
      { email: user.email, password: 'wrong-password' },
      { email: uniqueEmail('nobody'), password: TEST_PASSWORD },
    ]) {
      const res = await post('/login', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('lets the demo accounts in with the demo password', async () => {
    const res = await post('/login', { email: 'staff@example.com', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 naming the field for invalid input', async () => {
    const noPassword = await post('/login', { email: 'someone@example.org' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json<{ message: string }>().message).toMatch(/password/);
    const badEmail = await post('/login', { email: 'not-an-email', password: 'x' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json<{ message: string }>().message).toMatch(/^email/);
    const noBody = await post('/login');
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual({ message: expect.any(String) });
  });
});

describe('POST /auth/refresh', () => {
  it('rotates: the used token stops working and its successor works', async () => {
    const user = await createUser(rt, { role: 'user', sites: [demoSite] });
    const first = await login(user.email);
    const res = await post('/refresh', { refreshToken: first.refreshToken });
    expect(res.statusCode).toBe(200);
    const second = res.json<Pair>();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const claims = await rt.ctx.tokens.verify(second.accessToken);
    const firstClaims = await rt.ctx.tokens.verify(first.accessToken);
    expect(claims).toMatchObject({ sub: user.id, role: 'user', sid: firstClaims!.sid });
    const third = await post('/refresh', { refreshToken: second.refreshToken });
    expect(third.statusCode).toBe(200);
    // Stored hashed, never in clear.
    const stored = await rt.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(stored).toHaveLength(3);
    expect(stored.map((row) => row.tokenHash)).toContain(hashToken(first.refreshToken));
    expect(stored.map((row) => row.tokenHash)).not.toContain(first.refreshToken);
  });

  it('revokes the whole family when a rotated token is presented again, and only that family', async () => {
    const user = await createUser(rt);
    const stolen = await login(user.email);
    const otherDevice = await login(user.email);
    const successor = (await post('/refresh', { refreshToken: stolen.refreshToken })).json<Pair>();

    const replay = await post('/refresh', { refreshToken: stolen.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: expect.any(String) });
    expect((await post('/refresh', { refreshToken: successor.refreshToken })).statusCode).toBe(401);
    expect((await post('/refresh', { refreshToken: otherDevice.refreshToken })).statusCode).toBe(200);
  });

  it('answers 401 for an unknown or expired token, 400 for a missing one', async () => {
    expect((await post('/refresh', { refreshToken: randomToken() })).statusCode).toBe(401);
    const user = await createUser(rt);
    const pair = await login(user.email);
    await rt.ctx.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(pair.refreshToken)));
    expect((await post('/refresh', { refreshToken: pair.refreshToken })).statusCode).toBe(401);
    const missing = await post('/refresh', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/refreshToken/);
  });

  it('prunes tokens long expired, keeping recent ones for reuse detection', async () => {
    const user = await createUser(rt);
    const old = await login(user.email);
    const recent = await login(user.email);
    await rt.ctx.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(refreshTokens.tokenHash, hashToken(old.refreshToken)));
    const pruned = await new AuthRepository(rt.ctx.db).pruneExpired(7);
    expect(pruned.refreshTokens).toBeGreaterThanOrEqual(1);
    const left = await rt.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(left.map((row) => row.tokenHash)).toEqual([hashToken(recent.refreshToken)]);
  });

  it('answers 401 once the user is deleted', async () => {
    const user = await createUser(rt);
    const pair = await login(user.email);
    const del = await rt.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user.id}`,
      headers: asUser(superadmin),
    });
    expect(del.statusCode).toBe(204);
    expect((await post('/refresh', { refreshToken: pair.refreshToken })).statusCode).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session of the refresh token given', async () => {
    const user = await createUser(rt);
    const pair = await login(user.email);
    const rotated = (await post('/refresh', { refreshToken: pair.refreshToken })).json<Pair>();
    const res = await post('/logout', { refreshToken: rotated.refreshToken });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await post('/refresh', { refreshToken: rotated.refreshToken })).statusCode).toBe(401);
  });

  it('with only a bearer token ends the session that token belongs to', async () => {
    const user = await createUser(rt);
    const pair = await login(user.email);
    const other = await login(user.email);
    const res = await post('/logout', undefined, asUser(pair.accessToken));
    expect(res.statusCode).toBe(204);
    expect((await post('/refresh', { refreshToken: pair.refreshToken })).statusCode).toBe(401);
    expect((await post('/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(200);
  });

  it('is repeatable with an already revoked token', async () => {
    const user = await createUser(rt);
    const pair = await login(user.email);
    expect((await post('/logout', { refreshToken: pair.refreshToken })).statusCode).toBe(204);
    expect((await post('/logout', { refreshToken: pair.refreshToken })).statusCode).toBe(204);
  });

  it('answers 401 (never 500) when nothing identifies the caller', async () => {
    expect((await post('/logout')).statusCode).toBe(401);
    expect((await post('/logout', {})).statusCode).toBe(401);
    expect((await post('/logout', { refreshToken: 'garbage' })).statusCode).toBe(401);
    expect((await post('/logout', {}, { authorization: 'Bearer not.a.jwt' })).statusCode).toBe(401);
    const badJson = await rt.app.inject({
      method: 'POST',
      url: '/api/dashboard/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(badJson.statusCode).toBe(400);
    const wrongType = await post('/logout', { refreshToken: 42 });
    expect(wrongType.statusCode).toBe(400);
  });
});

describe('GET /auth', () => {
  it('answers the account', async () => {
    const user = await createUser(rt, { role: 'user', sites: [demoSite], lang: 'da' });
    const pair = await login(user.email);
    const res = await rt.app.inject({ url: '/api/dashboard/auth', headers: asUser(pair.accessToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: user.id,
      email: user.email,
      role: 'user',
      sites: [demoSite],
      lang: 'da',
      lastSeen: expect.any(String),
    });
  });

  it('gives a superadmin every site', async () => {
    const res = await rt.app.inject({ url: '/api/dashboard/auth', headers: asUser(superadmin) });
    expect(res.statusCode).toBe(200);
    expect([...res.json<Account>().sites].sort()).toEqual((await allSiteIds(rt)).sort());
  });

  it('answers 401 without a token, with a bad one and with an expired one', async () => {
    const user = await createUser(rt);
    const expired = await rt.ctx.tokens.sign(user.id, 'basic', randomUUID(), -10);
    for (const headers of [{}, { authorization: 'Bearer nonsense' }, asUser(expired)]) {
      const res = await rt.app.inject({ url: '/api/dashboard/auth', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });
});

describe('PATCH /auth', () => {
  const patch = (token: string, payload: object) =>
    rt.app.inject({ method: 'PATCH', url: '/api/dashboard/auth', headers: asUser(token), payload });

  it('changes the email with the current password', async () => {
    const user = await createUser(rt);
    const { accessToken } = await login(user.email);
    const email = uniqueEmail('renamed');
    expect((await patch(accessToken, { email })).statusCode).toBe(400);
    const wrong = await patch(accessToken, { email, currentPassword: 'wrong-password' });
    expect(wrong.statusCode).toBe(400);
    // The code lets the account page put the refusal on the current-password field in any language.
    expect(wrong.json()).toEqual({ message: 'Current password is incorrect', code: 'currentPasswordWrong' });
    const res = await patch(accessToken, {
      email: ` ${email.toUpperCase()}`,
      currentPassword: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Account>().email).toBe(email);
    expect((await post('/login', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await post('/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
  });

  it('refuses an email another user has with 409', async () => {
    const user = await createUser(rt);
    const other = await createUser(rt);
    const { accessToken } = await login(user.email);
    const res = await patch(accessToken, { email: other.email, currentPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Email already exists, please use a different email and try again.',
    });
  });

  it('changes the password and ends every other session', async () => {
    const user = await createUser(rt);
    const here = await login(user.email);
    const elsewhere = await login(user.email);
    const res = await patch(here.accessToken, {
      password: 'brand-new-password',
      currentPassword: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await post('/refresh', { refreshToken: elsewhere.refreshToken })).statusCode).toBe(401);
    expect((await post('/refresh', { refreshToken: here.refreshToken })).statusCode).toBe(200);
    expect((await post('/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/login', { email: user.email, password: 'brand-new-password' })).statusCode).toBe(
      200,
    );
  });

  it('validates the body', async () => {
    const user = await createUser(rt);
    const { accessToken } = await login(user.email);
    expect((await patch(accessToken, {})).statusCode).toBe(400);
    const short = await patch(accessToken, { password: '123', currentPassword: TEST_PASSWORD });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toMatch(/password/);
    expect((await patch(accessToken, { email: 'nope' })).statusCode).toBe(400);
  });
});

describe('POST /auth/register', () => {
  async function invite(email: string, extra: object = {}) {
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/admin/users/invites',
      headers: asUser(superadmin),
      payload: { email, role: 'user', lang: 'cs', sites: [demoSite], ...extra },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ _id: string; token: string; link: string }>();
  }

  it('creates the user with the invite role, sites and language, and uses the invite up', async () => {
    const email = uniqueEmail('invited');
    const { token, _id } = await invite(email);
    const res = await post('/register', { email: email.toUpperCase(), token, password: 'my-password' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const pair = await login(email, 'my-password');
    const account = await rt.app.inject({ url: '/api/dashboard/auth', headers: asUser(pair.accessToken) });
    expect(account.json()).toMatchObject({ email, role: 'user', sites: [demoSite], lang: 'cs' });
    expect(await rt.ctx.db.select().from(invites).where(eq(invites.id, _id))).toEqual([]);
    const again = await post('/register', { email, token, password: 'my-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Invite is invalid or has expired' });
  });

  it('refuses another email, an unknown and an expired token with 400', async () => {
    const email = uniqueEmail('invited');
    const { token, _id } = await invite(email);
    for (const payload of [
      { email: uniqueEmail('intruder'), token, password: 'my-password' },
      { email, token: randomToken(), password: 'my-password' },
    ]) {
      const res = await post('/register', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invite is invalid or has expired' });
    }
    await rt.ctx.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, _id));
    const expired = await post('/register', { email, token, password: 'my-password' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: 'Invite is invalid or has expired' });
  });

  it('answers 409 when the email already has an account', async () => {
    const email = uniqueEmail('invited');
    const { token } = await invite(email);
    await createUser(rt, { email });
    const res = await post('/register', { email, token, password: 'my-password' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Email already exists, please use a different email and try again.',
    });
  });

  it('validates the password length', async () => {
    const res = await post('/register', { email: uniqueEmail(), token: 'x', password: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^password/);
  });
});

describe('forgot and reset password', () => {
  it('mails a single-use link that sets a new password and ends every session', async () => {
    const user = await createUser(rt, { lang: 'de' });
    const session = await login(user.email);
    const res = await post('/forgot-password', { email: ` ${user.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(204);

    const mail = await waitForMail(rt, user.email, 'passwordReset');
    expect(mail.lang).toBe('de');
    expect(mail.subject).toBe('Fairway-Passwort zurücksetzen');
    const link = linkIn(mail.text, rt.ctx.config.publicUrl);
    expect(link.pathname).toBe('/login/passwordReset');
    expect(link.searchParams.get('id')).toBe(user.id);
    const token = link.searchParams.get('token')!;
    const [stored] = await rt.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);

    const reset = await post('/reset-password', { userId: user.id, token, password: 'reset-password' });
    expect(reset.statusCode).toBe(204);
    expect((await post('/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/login', { email: user.email, password: 'reset-password' })).statusCode).toBe(200);
    expect((await post('/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);

    const reuse = await post('/reset-password', { userId: user.id, token, password: 'another-password' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ message: 'Reset link is invalid or has expired' });
  });

  it('answers 204 for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    expect((await post('/forgot-password', { email })).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(rt, email, 'passwordReset')).toEqual([]);
  });

  it('refuses an expired link, a link of another user and an unknown token with 400', async () => {
    const user = await createUser(rt);
    const other = await createUser(rt);
    await post('/forgot-password', { email: user.email });
    const token = linkIn(
      (await waitForMail(rt, user.email, 'passwordReset')).text,
      rt.ctx.config.publicUrl,
    ).searchParams.get('token')!;
    for (const payload of [
      { userId: other.id, token, password: 'new-password' },
      { userId: user.id, token: randomToken(), password: 'new-password' },
      { userId: randomUUID(), token, password: 'new-password' },
    ]) {
      const res = await post('/reset-password', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Reset link is invalid or has expired' });
    }
    await rt.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const expired = await post('/reset-password', { userId: user.id, token, password: 'new-password' });
    expect(expired.statusCode).toBe(400);
    const invalid = await post('/reset-password', { userId: 'not-a-uuid', token, password: 'new-password' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ message: string }>().message).toMatch(/^userId/);
  });
});

describe('login rate limit', () => {
  let limited: Runtime;
  beforeAll(async () => {
    limited = await startTestServer({ LOGIN_RATE_LIMIT: '3' });
  });
  afterAll(() => limited?.stop());

  it('answers 429 after LOGIN_RATE_LIMIT attempts per address and email within a minute', async () => {
    const user = await createUser(rt);
    const attempt = (email: string, password = 'wrong-password') =>
      limited.app.inject({ method: 'POST', url: '/api/dashboard/auth/login', payload: { email, password } });
    for (let i = 0; i < 3; i++) expect((await attempt(user.email)).statusCode).toBe(401);
    const blocked = await attempt(user.email.toUpperCase(), TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: expect.any(String),
      code: 'rateLimited',
      retryAfter: expect.any(Number),
    });
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another account from the same address is counted on its own.
    expect((await attempt(uniqueEmail('other'))).statusCode).toBe(401);
  });

  it('limits reset mails for one address and email the same way', async () => {
    const email = uniqueEmail('mailbomb');
    const ask = () =>
      limited.app.inject({ method: 'POST', url: '/api/dashboard/auth/forgot-password', payload: { email } });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(204);
    expect((await ask()).statusCode).toBe(429);
  });
});
