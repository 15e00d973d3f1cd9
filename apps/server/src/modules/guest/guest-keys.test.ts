import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { GuestKeyView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { loginAs, startTestServer } from '../../../test/helpers';
import { sites } from '../../db/tables/sites';
import { userGroups } from '../../db/tables/user-groups';
import { createClub, freshCode, insertCode, insertMember } from '../codes/codes.test-support';

/** The site portal's key lookup (issue 18): what a virtual-key or master code is, and every refusal. */

let rt: Runtime;
let siteId: string;
let otherSiteId: string;

beforeAll(async () => {
  rt = await startTestServer();
  const superadmin = await loginAs(rt, 'superadmin@example.com');
  [siteId, otherSiteId] = await Promise.all([
    createClub(rt, superadmin, false),
    createClub(rt, superadmin, false),
  ]);
});
afterAll(() => rt.stop());

/** Each test is a phone of its own: the code tries count per address. */
let phones = 0;
let phone = '10.1.0.1';
beforeEach(() => {
  phones++;
  phone = `10.1.${phones}.1`;
});
const lookUp = (site: string, code: string, master?: boolean, from = phone) =>
  rt.app.inject({
    url: `/api/guest/sites/${site}/virtual-keys?code=${code}${master === undefined ? '' : `&master=${master}`}`,
    remoteAddress: from,
  });

async function memberWithKey(
  values: Parameters<typeof insertMember>[2] = {},
  key: Partial<Parameters<typeof insertCode>[1]> = {},
) {
  const member = await insertMember(rt, siteId, values);
  const code = freshCode();
  const row = await insertCode(rt, { siteId, memberId: member.id, type: 'virtualKey', code, ...key });
  return { member, code, row };
}

describe('GET /api/guest/sites/:siteId/virtual-keys', () => {
  it("shows a member's key: driver, group, credits, carts, enabled, expiry — and nothing else", async () => {
    const [group] = await rt.ctx.db.insert(userGroups).values({ siteId, name: 'Seniors' }).returning();
    const expires = new Date(Date.now() + 7 * 86_400_000);
    expires.setUTCSeconds(0, 0);
    const { member, code, row } = await memberWithKey(
      { name: 'Anna Müller', email: 'anna@example.org', credits: 4, userGroupId: group!.id },
      { allDevices: false, devices: ['3', '12'], expires },
    );
    const res = await lookUp(siteId, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GuestKeyView>()).toEqual({
      _id: row.id,
      master: false,
      driverName: 'Anna Müller',
      email: 'anna@example.org',
      userGroupName: 'Seniors',
      credits: 4,
      allDevices: false,
      devices: ['3', '12'],
      enabled: true,
      expires: expires.toISOString(),
    });
    expect(res.body).not.toContain(member.id);
  });

  it('reads unlimited credits and the guest group as they are stored (-1, null)', async () => {
    const { code } = await memberWithKey({ credits: -1 });
    const key = (await lookUp(siteId, code)).json<GuestKeyView>();
    expect(key.credits).toBe(-1);
    expect(key.userGroupName).toBeNull();
    expect(key.allDevices).toBe(true);
    expect(key.devices).toEqual([]);
  });

  it('finds a master key on the master card; a member key there is not found', async () => {
    const master = await memberWithKey({}, { master: true });
    const plain = await memberWithKey();
    const found = await lookUp(siteId, master.code, true);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<GuestKeyView>().master).toBe(true);
    const refused = await lookUp(siteId, plain.code, true);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'keyNotFound', message: 'Key not found' });
    // The master key also reads as a key on the virtual-key card.
    expect((await lookUp(siteId, master.code, false)).statusCode).toBe(200);
  });

  it('refuses a disabled key and one that expired, with their codes', async () => {
    const disabled = await memberWithKey({}, { enabled: false });
    const expired = await memberWithKey({}, { expires: new Date(Date.now() - 60_000) });
    const off = await lookUp(siteId, disabled.code);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'keyDisabled', message: 'This virtual key is disabled' });
    const old = await lookUp(siteId, expired.code);
    expect(old.statusCode).toBe(403);
    expect(old.json()).toMatchObject({ code: 'keyExpired' });
  });

  it("knows no other club's keys, no keypad or RFID codes, and no site that is not a club", async () => {
    const { code } = await memberWithKey();
    expect((await lookUp(otherSiteId, code)).json()).toMatchObject({ code: 'keyNotFound' });
    const keypadMember = await insertMember(rt, siteId);
    const keypad = freshCode();
    await insertCode(rt, { siteId, memberId: keypadMember.id, type: 'keypad', code: keypad });
    expect((await lookUp(siteId, keypad)).statusCode).toBe(404);
    const [staging] = await rt.ctx.db.select().from(sites).where(eq(sites.staging, true));
    expect((await lookUp(staging!.id, code)).statusCode).toBe(404);
  });

  it('answers a malformed code or site 400, naming the field, and counts no try', async () => {
    const bad = await lookUp(siteId, '12ab56');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('code');
    expect((await lookUp('not-a-site', '123456')).statusCode).toBe(400);
  });

  it("slows one phone repeating a code without locking out the club's other guests", async () => {
    const wrong = '000001';
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await lookUp(siteId, wrong)).statusCode);
    expect(answers).toEqual([404, 404, 404, 404, 404, 429]);
    const limited = await lookUp(siteId, wrong);
    expect(limited.json<{ code: string; retryAfter: number }>()).toMatchObject({ code: 'rateLimited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another guest on the club's Wi-Fi (same address) with their own key, and another phone, still get in.
    const { code } = await memberWithKey();
    expect((await lookUp(siteId, code)).statusCode).toBe(200);
    expect((await lookUp(siteId, wrong, undefined, '10.250.0.1')).statusCode).toBe(404);
  });
});
