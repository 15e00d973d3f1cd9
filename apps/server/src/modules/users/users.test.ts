import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../runtime';
import { asUser, loginAs, startAsSuperadmin } from '../../../test/helpers';
import { INVITE_LANGS, type InviteView, type UserView } from '@fairway/domain';
import { MAIL_LANGS } from '../mail/templates';
import { TEST_PASSWORD, createUser, linkIn, mailsTo, siteIdByName, uniqueEmail } from './users.test-support';

let rt: Runtime;
let superadmin: string;
let superadminId: string;
let demoSite: string;
let secondSite: string;

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  rt.app.inject({ method, url: `/api/admin/users${url}`, headers: asUser(token), payload });

const login = (email: string, password = TEST_PASSWORD) =>
  rt.app.inject({ method: 'POST', url: '/api/dashboard/auth/login', payload: { email, password } });

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  superadminId = (await rt.ctx.tokens.verify(superadmin))!.sub;
  demoSite = await siteIdByName(rt, 'Demo Golf Club');
  secondSite = await siteIdByName(rt, 'Second Club');
});
afterAll(() => rt?.stop());

describe('who may call the admin user routes', () => {
  it('answers 401 without a token and 403 below superadmin', async () => {
    const anonymous = await rt.app.inject({ url: '/api/admin/users' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: expect.any(String) });
    for (const email of ['staff@example.com', 'admin@example.com', 'operator2@example.com']) {
      const token = await loginAs(rt, email);
      for (const [method, url] of [
        ['GET', ''],
        ['GET', '/invites'],
        ['DELETE', `/${superadminId}`],
      ] as const) {
        const res = await api(method, url, token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: expect.any(String) });
      }
      const invite = await api('POST', '/invites', token, {
        email: uniqueEmail(),
        role: 'superadmin',
        lang: 'en',
        sites: [],
      });
      expect(invite.statusCode).toBe(403);
    }
  });
});

describe('site scoping of dashboard calls', () => {
  it('refuses a site-id the user does not hold with 403', async () => {
    const user = await createUser(rt, { role: 'admin', sites: [demoSite] });
    const token = (await login(user.email)).json<{ accessToken: string }>().accessToken;
    const other = await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(token, secondSite) });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: expect.any(String) });
    const own = await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(token, demoSite) });
    expect(own.statusCode).toBe(200);
  });
});

describe('GET /admin/users', () => {
  it('lists users with _id, email, role, sites and lastSeen', async () => {
    const user = await createUser(rt, { role: 'service', sites: [secondSite] });
    const res = await api('GET', '', superadmin);
    expect(res.statusCode).toBe(200);
    const list = res.json<UserView[]>();
    expect(list.find((row) => row._id === user.id)).toEqual({
      _id: user.id,
      email: user.email,
      role: 'service',
      sites: [secondSite],
      lang: 'en',
      lastSeen: null,
    });
    expect(list.find((row) => row.email === 'staff@example.com')).toMatchObject({
      role: 'basic',
      sites: [demoSite],
    });
  });
});

describe('PATCH /admin/users/:id', () => {
  it('changes email, role and sites', async () => {
    const user = await createUser(rt, { role: 'basic', sites: [demoSite] });
    const email = uniqueEmail('moved');
    const res = await api('PATCH', `/${user.id}`, superadmin, {
      email,
      role: 'admin',
      sites: [secondSite, demoSite, secondSite],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: user.id, email, role: 'admin', sites: [secondSite, demoSite] });
    // Takes effect at once: the role and sites are read on every call.
    const token = (await login(email)).json<{ accessToken: string }>().accessToken;
    const site = await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(token, secondSite) });
    expect(site.statusCode).toBe(200);
  });

  it('sets a password and ends the sessions of that user', async () => {
    const user = await createUser(rt);
    const session = (await login(user.email)).json<{ refreshToken: string }>();
    const res = await api('PATCH', `/${user.id}`, superadmin, { password: 'admin-set-password' });
    expect(res.statusCode).toBe(200);
    const refresh = await rt.app.inject({
      method: 'POST',
      url: '/api/dashboard/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await login(user.email)).statusCode).toBe(401);
    expect((await login(user.email, 'admin-set-password')).statusCode).toBe(200);
  });

  it('answers 400 for unknown sites, a bad role, an empty body and a change of the own role', async () => {
    const user = await createUser(rt);
    const unknownSite = randomUUID();
    const badSite = await api('PATCH', `/${user.id}`, superadmin, { sites: [demoSite, unknownSite] });
    expect(badSite.statusCode).toBe(400);
    expect(badSite.json<{ message: string }>().message).toContain(unknownSite);
    expect((await api('PATCH', `/${user.id}`, superadmin, { role: 'emperor' })).statusCode).toBe(400);
    expect((await api('PATCH', `/${user.id}`, superadmin, {})).statusCode).toBe(400);
    expect((await api('PATCH', '/not-a-uuid', superadmin, { role: 'user' })).statusCode).toBe(400);
    const own = await api('PATCH', `/${superadminId}`, superadmin, { role: 'admin' });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: 'You cannot change your own role' });
  });

  it('answers 409 for an email another user has and 404 for an unknown user', async () => {
    const user = await createUser(rt);
    const res = await api('PATCH', `/${user.id}`, superadmin, { email: 'staff@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Email already exists, please use a different email and try again.',
    });
    expect((await api('PATCH', `/${randomUUID()}`, superadmin, { role: 'user' })).statusCode).toBe(404);
  });
});

describe('DELETE /admin/users/:id', () => {
  it('deletes a user, whose token then stops working', async () => {
    const user = await createUser(rt);
    const token = (await login(user.email)).json<{ accessToken: string }>().accessToken;
    expect((await api('DELETE', `/${user.id}`, superadmin)).statusCode).toBe(204);
    expect((await rt.app.inject({ url: '/api/dashboard/auth', headers: asUser(token) })).statusCode).toBe(
      401,
    );
    expect((await login(user.email)).statusCode).toBe(401);
    expect((await api('DELETE', `/${user.id}`, superadmin)).statusCode).toBe(404);
  });

  it('refuses to delete yourself', async () => {
    const res = await api('DELETE', `/${superadminId}`, superadmin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'You cannot delete your own account' });
  });
});

describe('POST /admin/users/:id/reset-password', () => {
  it('mails the user a reset link', async () => {
    const user = await createUser(rt, { lang: 'cs' });
    expect((await api('POST', `/${user.id}/reset-password`, superadmin)).statusCode).toBe(204);
    const [mail] = await mailsTo(rt, user.email, 'passwordReset');
    expect(mail).toMatchObject({ lang: 'cs', subject: 'Obnovení hesla k Fairway' });
    expect(linkIn(mail!.text, rt.ctx.config.publicUrl).searchParams.get('id')).toBe(user.id);
    expect((await api('POST', `/${randomUUID()}/reset-password`, superadmin)).statusCode).toBe(404);
  });
});

describe('invites', () => {
  const createInvite = (payload: object) => api('POST', '/invites', superadmin, payload);

  it('creates an invite, mails its link in the chosen language and lists it', async () => {
    const email = uniqueEmail('invitee');
    const res = await createInvite({
      email: ` ${email.toUpperCase()}`,
      role: 'admin',
      lang: 'da',
      sites: [demoSite],
    });
    expect(res.statusCode).toBe(201);
    const invite = res.json<InviteView>();
    expect(invite).toMatchObject({ email, role: 'admin', lang: 'da', sites: [demoSite], expired: false });
    const link = new URL(invite.link);
    expect(`${link.origin}${link.pathname}`).toBe(`${rt.ctx.config.publicUrl}/login/register`);
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('token')).toBe(invite.token);
    const days = (Date.parse(invite.expiresAt) - Date.parse(invite.sentAt)) / 86_400_000;
    expect(Math.round(days)).toBe(14);

    const [mail] = await mailsTo(rt, email, 'invite');
    expect(mail).toMatchObject({ lang: 'da', subject: 'Du er inviteret til Fairway' });
    expect(linkIn(mail!.text, rt.ctx.config.publicUrl).toString()).toBe(link.toString());

    const list = (await api('GET', '/invites', superadmin)).json<InviteView[]>();
    expect(list.find((row) => row._id === invite._id)).toEqual(invite);
  });

  it('offers exactly the languages the mail has texts for, and mails a German invite in German', async () => {
    expect([...INVITE_LANGS].sort()).toEqual([...MAIL_LANGS].sort());
    const email = uniqueEmail('eingeladen');
    const res = await createInvite({ email, role: 'basic', lang: 'de', sites: [secondSite] });
    expect(res.statusCode).toBe(201);
    const [mail] = await mailsTo(rt, email, 'invite');
    expect(mail).toMatchObject({ lang: 'de', subject: 'Einladung zu Fairway' });
    expect(mail!.text).toContain('Die Einladung ist 14 Tage gültig.');
  });

  it('answers 409 for an email with a user or an invite, 400 for unknown sites or no site', async () => {
    const taken = await createInvite({
      email: 'staff@example.com',
      role: 'basic',
      lang: 'en',
      sites: [demoSite],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'Email already exists, please use a different email and try again.',
    });
    const email = uniqueEmail('twice');
    expect((await createInvite({ email, role: 'basic', lang: 'en', sites: [demoSite] })).statusCode).toBe(
      201,
    );
    const twice = await createInvite({ email, role: 'basic', lang: 'en', sites: [demoSite] });
    expect(twice.statusCode).toBe(409);
    const unknown = await createInvite({
      email: uniqueEmail(),
      role: 'basic',
      lang: 'en',
      sites: [randomUUID()],
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await createInvite({ email: uniqueEmail(), role: 'basic', lang: 'en', sites: [] })).statusCode,
    ).toBe(400);
    expect(
      (await createInvite({ email: uniqueEmail(), role: 'superadmin', lang: 'en', sites: [] })).statusCode,
    ).toBe(201);
    const badLang = await createInvite({
      email: uniqueEmail(),
      role: 'basic',
      lang: 'fr',
      sites: [demoSite],
    });
    expect(badLang.statusCode).toBe(400);
    expect(badLang.json<{ message: string }>().message).toMatch(/^lang/);
    const guest = await createInvite({ email: uniqueEmail(), role: 'guest', lang: 'en', sites: [demoSite] });
    expect(guest.statusCode).toBe(400);
  });

  it('resends an invite with a new sentAt and a second mail', async () => {
    const email = uniqueEmail('resend');
    const invite = (
      await createInvite({ email, role: 'user', lang: 'en', sites: [secondSite] })
    ).json<InviteView>();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const res = await api('POST', `/invites/${invite._id}/resend`, superadmin);
    expect(res.statusCode).toBe(200);
    const resent = res.json<InviteView>();
    expect(Date.parse(resent.sentAt)).toBeGreaterThan(Date.parse(invite.sentAt));
    expect(resent.token).toBe(invite.token);
    expect(await mailsTo(rt, email, 'invite')).toHaveLength(2);
    expect((await api('POST', `/invites/${randomUUID()}/resend`, superadmin)).statusCode).toBe(404);
  });

  it('deletes an invite, whose link then no longer registers', async () => {
    const email = uniqueEmail('deleted');
    const invite = (
      await createInvite({ email, role: 'user', lang: 'en', sites: [demoSite] })
    ).json<InviteView>();
    expect((await api('DELETE', `/invites/${invite._id}`, superadmin)).statusCode).toBe(204);
    expect((await api('DELETE', `/invites/${invite._id}`, superadmin)).statusCode).toBe(404);
    const register = await rt.app.inject({
      method: 'POST',
      url: '/api/dashboard/auth/register',
      payload: { email, token: invite.token, password: 'my-password' },
    });
    expect(register.statusCode).toBe(400);
    const list = (await api('GET', '/invites', superadmin)).json<InviteView[]>();
    expect(list.some((row) => row._id === invite._id)).toBe(false);
  });
});
