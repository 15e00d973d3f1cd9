import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, loginAs, startAsSuperadmin } from '../../../test/helpers';
import { createClub } from '../codes/codes.test-support';

let rt: Runtime;
let superadmin: string;

beforeAll(async () => ({ rt, superadmin } = await startAsSuperadmin()));
afterAll(() => rt.stop());

const onboard = (siteId: string, token = superadmin) =>
  rt.app.inject({
    method: 'POST',
    url: '/api/dashboard/sites/stripe/onboard',
    headers: asUser(token, siteId),
    payload: {},
  });
const siteOf = async (siteId: string) =>
  (
    await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(superadmin, siteId) })
  ).json<SiteView>();

describe('payment onboarding with the sandbox provider', () => {
  it('creates the account once, and the site becomes active when onboarding is completed', async () => {
    const siteId = await createClub(rt, superadmin, false);
    const first = await onboard(siteId);
    expect(first.statusCode, first.body).toBe(200);
    const url = new URL(first.json<{ url: string }>().url);
    const [, , , accountId] = url.pathname.split('/');
    expect(url.pathname).toMatch(/^\/sandbox\/onboarding\/acct_sbx_[a-f\d]{24}$/);
    expect(url.searchParams.get('return')).toBe('/settings/booking?onboarding=return');
    expect((await siteOf(siteId)).stripeConfig).toMatchObject({ accountId, accountActive: false });

    // A second click (a link that expired, a tab closed half-way) continues with the same account.
    const again = new URL((await onboard(siteId)).json<{ url: string }>().url);
    expect(again.pathname).toBe(url.pathname);

    const account = await rt.app.inject({
      url: `/api/sandbox/accounts/${accountId}`,
      headers: asUser(superadmin),
    });
    expect(account.json()).toMatchObject({ id: accountId, active: false });
    const done = await rt.app.inject({
      method: 'POST',
      url: `/api/sandbox/accounts/${accountId}/complete`,
      headers: asUser(superadmin),
      payload: { businessName: 'Links Trust' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await siteOf(siteId)).stripeConfig).toMatchObject({ accountId, accountActive: true });
  });

  it('refuses unknown and malformed sandbox accounts, and an empty business name', async () => {
    const asSuperadmin = { headers: asUser(superadmin) };
    expect(
      (await rt.app.inject({ url: `/api/sandbox/accounts/acct_sbx_${'0'.repeat(24)}`, ...asSuperadmin }))
        .statusCode,
    ).toBe(404);
    expect(
      (await rt.app.inject({ url: '/api/sandbox/accounts/acct_other', ...asSuperadmin })).statusCode,
    ).toBe(400);
    const siteId = await createClub(rt, superadmin, false);
    const accountId = new URL((await onboard(siteId)).json<{ url: string }>().url).pathname.split('/')[3];
    const blank = await rt.app.inject({
      method: 'POST',
      url: `/api/sandbox/accounts/${accountId}/complete`,
      headers: asUser(superadmin),
      payload: { businessName: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect((await siteOf(siteId)).stripeConfig.accountActive).toBe(false);
  });

  it("completes a club's sandbox onboarding only for that club's admin (issue #15)", async () => {
    const siteId = await createClub(rt, superadmin, false);
    const accountId = new URL((await onboard(siteId)).json<{ url: string }>().url).pathname.split('/')[3];
    const complete = (token?: string) =>
      rt.app.inject({
        method: 'POST',
        url: `/api/sandbox/accounts/${accountId}/complete`,
        headers: token ? asUser(token) : {},
        payload: { businessName: 'Not Yours' },
      });
    const read = (token?: string) =>
      rt.app.inject({ url: `/api/sandbox/accounts/${accountId}`, headers: token ? asUser(token) : {} });
    // The demo club's admin and staff hold another club: anonymous 401, staff 403, another admin 404.
    expect((await complete()).statusCode).toBe(401);
    expect((await complete(await loginAs(rt, 'staff@example.com'))).statusCode).toBe(403);
    const otherAdmin = await loginAs(rt, 'admin@example.com');
    expect((await complete(otherAdmin)).statusCode).toBe(404);
    expect((await read()).statusCode).toBe(401);
    expect((await read(otherAdmin)).statusCode).toBe(404);
    expect((await siteOf(siteId)).stripeConfig.accountActive).toBe(false);
  });

  it('is for site admins', async () => {
    const staff = await loginAs(rt, 'staff@example.com');
    const [site] = (await rt.app.inject({ url: '/api/dashboard/sites/list', headers: asUser(staff) })).json<
      SiteView[]
    >();
    expect((await onboard(site!._id, staff)).statusCode).toBe(403);
  });
});
