import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CodeFindResult, CodeView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startAsSuperadmin } from '../../../test/helpers';
import { createUser, mailsTo, TEST_PASSWORD } from '../users/users.test-support';
import { codes } from '../../db/tables/codes';
import {
  TEST_MASTER_CODE,
  createClub,
  freshCode,
  insertCart,
  insertMember,
  type MemberRow,
} from './codes.test-support';

let rt: Runtime;
let superadmin: string;
/** role user on both clubs of this file */
let operator: string;
/** role basic on both clubs */
let basic: string;
/** a club without a keypad (virtual keys only), with carts 1–3 */
let plainId: string;
/** a keypad club, with carts 1 and 2 */
let keypadId: string;

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  plainId = await createClub(rt, superadmin, false);
  keypadId = await createClub(rt, superadmin, true);
  for (const carNumber of ['1', '2', '3']) await insertCart(rt, plainId, carNumber);
  for (const carNumber of ['1', '2']) await insertCart(rt, keypadId, carNumber);
  const user = await createUser(rt, { role: 'user', sites: [plainId, keypadId] });
  const staffUser = await createUser(rt, { role: 'basic', sites: [plainId, keypadId] });
  operator = await loginAs(rt, user.email, TEST_PASSWORD);
  basic = await loginAs(rt, staffUser.email, TEST_PASSWORD);
});
afterAll(() => rt.stop());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  siteId: string,
  payload?: object,
  token = operator,
) =>
  rt.app.inject({
    method,
    url: `/api/dashboard/codes${url}`,
    headers: asUser(token, siteId),
    ...(payload ? { payload } : {}),
  });

const create = (siteId: string, body: object, token = operator) => call('POST', '', siteId, body, token);

const created = async (siteId: string, body: object): Promise<CodeView> => {
  const res = await create(siteId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CodeView>();
};

const virtualKey = (member: MemberRow, fields: object = {}) => ({
  driver: member.id,
  type: 'virtualKey',
  code: freshCode(),
  allDevices: true,
  ...fields,
});

const expectError = (
  res: { statusCode: number; json(): unknown },
  status: number,
  message: string,
  code?: string,
) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual(code ? { message, code } : { message });
};

describe('POST /api/dashboard/codes', () => {
  it('creates a virtual key on a site without a keypad and stores it', async () => {
    const member = await insertMember(rt, plainId);
    const code = freshCode();
    const view = await created(plainId, {
      driver: member.id,
      type: 'virtualKey',
      code,
      devices: ['1', '3'],
      master: true,
    });
    expect(view).toEqual({
      _id: expect.any(String),
      type: 'virtualKey',
      code,
      master: true,
      devices: ['1', '3'],
      allDevices: false,
      enabled: true,
      expires: null,
      driver: member.id,
      emailSent: null,
    });
    const [row] = await rt.ctx.db.select().from(codes).where(eq(codes.id, view._id));
    expect(row).toMatchObject({ siteId: plainId, memberId: member.id, code, devices: ['1', '3'] });
  });

  it('refuses a code that is not 6 digits, not numbers only, or an RFID tag that is not a number', async () => {
    const member = await insertMember(rt, keypadId);
    expectError(
      await create(keypadId, virtualKey(member, { code: '12345' })),
      400,
      'code: Code must be 6 digits',
    );
    expectError(await create(keypadId, virtualKey(member, { code: '12a456' })), 400, 'code: Numbers only');
    expectError(
      await create(keypadId, { ...virtualKey(member), type: 'rfid', code: '04-A1' }),
      400,
      'code: Numbers only',
    );
    expect(await rt.ctx.db.select().from(codes).where(eq(codes.memberId, member.id))).toEqual([]);
  });

  it("refuses a code for no cart with 'Item is required'", async () => {
    const member = await insertMember(rt, plainId);
    const body = { driver: member.id, type: 'virtualKey', code: freshCode() };
    expectError(await create(plainId, body), 400, 'devices: Item is required');
    expectError(await create(plainId, { ...body, devices: [] }), 400, 'devices: Item is required');
  });

  it('stores an RFID tag as a number (no leading zeros) on a keypad site', async () => {
    const member = await insertMember(rt, keypadId);
    const view = await created(keypadId, {
      driver: member.id,
      type: 'rfid',
      code: '0004400123',
      allDevices: true,
    });
    expect(view).toMatchObject({ type: 'rfid', code: '4400123', allDevices: true });
  });

  it('allows keypad and RFID codes on keypad sites only', async () => {
    const member = await insertMember(rt, plainId);
    for (const type of ['keypad', 'rfid']) {
      expectError(
        await create(plainId, virtualKey(member, { type })),
        400,
        'Keypad and RFID codes need a keypad site',
      );
    }
  });

  it('gives a member at most one code of each type', async () => {
    const member = await insertMember(rt, keypadId);
    await created(keypadId, virtualKey(member));
    await created(keypadId, virtualKey(member, { type: 'keypad' }));
    expectError(
      await create(keypadId, virtualKey(member, { type: 'keypad' })),
      409,
      'This member already has a keypad code',
      'typeTaken',
    );
    expectError(
      await create(keypadId, virtualKey(member)),
      409,
      'This member already has a virtualKey code',
      'typeTaken',
    );
  });

  it('refuses master codes and expiry on keypad sites', async () => {
    const member = await insertMember(rt, keypadId);
    expectError(
      await create(keypadId, virtualKey(member, { type: 'keypad', master: true })),
      400,
      'Master codes are only for sites without a keypad',
    );
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    expectError(
      await create(keypadId, virtualKey(member, { type: 'keypad', expires })),
      400,
      'Codes on keypad sites do not expire',
    );
  });

  it('takes an expiry in the future only, in whole minutes', async () => {
    const member = await insertMember(rt, plainId);
    expectError(
      await create(plainId, virtualKey(member, { expires: new Date(Date.now() - 60_000).toISOString() })),
      400,
      'Expiry must be in the future',
    );
    const later = new Date(Date.now() + 3 * 86_400_000);
    later.setUTCSeconds(42, 123);
    const view = await created(plainId, virtualKey(member, { expires: later.toISOString() }));
    const minute = new Date(later);
    minute.setUTCSeconds(0, 0);
    expect(view.expires).toBe(minute.toISOString());
  });

  it('names the first cart the site does not have', async () => {
    const member = await insertMember(rt, plainId);
    expectError(
      await create(plainId, virtualKey(member, { allDevices: false, devices: ['1', '99', '98'] })),
      400,
      'Unknown cart: 99',
    );
  });

  it("refuses a code already used in the site, whatever its type, or equal to the site's master code", async () => {
    const duplicate = 'Code already exists, please use a different code and try again.';
    const first = await insertMember(rt, keypadId);
    const second = await insertMember(rt, keypadId);
    const taken = await created(keypadId, virtualKey(first, { type: 'keypad' }));
    expectError(
      await create(keypadId, virtualKey(second, { code: taken.code })),
      409,
      duplicate,
      'codeTaken',
    );
    expectError(
      await create(keypadId, virtualKey(second, { type: 'keypad', code: TEST_MASTER_CODE })),
      409,
      duplicate,
      'codeTaken',
    );
    // Another site may use the same value.
    const elsewhere = await insertMember(rt, plainId);
    await created(plainId, virtualKey(elsewhere, { code: taken.code }));
  });

  it("answers 404 for another site's member", async () => {
    const foreign = await insertMember(rt, keypadId);
    expectError(await create(plainId, virtualKey(foreign)), 404, 'Member not found');
  });

  it('derives allDevices: all the carts picked (more than one) means all carts, later ones included', async () => {
    const member = await insertMember(rt, plainId);
    const all = await created(
      plainId,
      virtualKey(member, { allDevices: false, devices: ['3', '1', '2', '1'] }),
    );
    expect(all).toMatchObject({ allDevices: true, devices: [] });
    const asked = await created(
      keypadId,
      virtualKey(await insertMember(rt, keypadId), { allDevices: true, devices: ['1'] }),
    );
    expect(asked).toMatchObject({ allDevices: true, devices: [] });
    const some = await created(
      plainId,
      virtualKey(await insertMember(rt, plainId), { allDevices: false, devices: ['2', '1'] }),
    );
    expect(some).toMatchObject({ allDevices: false, devices: ['2', '1'] });
  });

  it('is refused to role basic and on a site the user does not hold', async () => {
    const member = await insertMember(rt, plainId);
    expect((await create(plainId, virtualKey(member), basic)).statusCode).toBe(403);
    const { demo } = await demoSiteIds(rt);
    expect((await create(demo, virtualKey(member))).statusCode).toBe(403);
    expect(await rt.ctx.db.select().from(codes).where(eq(codes.memberId, member.id))).toEqual([]);
  });
});

describe('PATCH /api/dashboard/codes/:id', () => {
  it('changes a code and keeps what the change does not name', async () => {
    const member = await insertMember(rt, plainId);
    const view = await created(plainId, virtualKey(member, { allDevices: false, devices: ['2'] }));
    const code = freshCode();
    const res = await call('PATCH', `/${view._id}`, plainId, { code, enabled: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...view, code, enabled: false });
    const all = await call('PATCH', `/${view._id}`, plainId, { devices: ['1', '2', '3'] });
    expect(all.json()).toMatchObject({ allDevices: true, devices: [] });
    expectError(
      await call('PATCH', `/${view._id}`, plainId, { allDevices: false }),
      400,
      'devices: Item is required',
    );
  });

  it('needs the tag when a code becomes an RFID tag, and checks the new combination', async () => {
    const member = await insertMember(rt, keypadId);
    const view = await created(keypadId, virtualKey(member, { type: 'keypad' }));
    expectError(
      await call('PATCH', `/${view._id}`, keypadId, { type: 'rfid' }),
      400,
      'Scan or enter the RFID tag: a code becoming an RFID tag needs the tag',
    );
    const tag = await call('PATCH', `/${view._id}`, keypadId, { type: 'rfid', code: '7001234567' });
    expect(tag.json()).toMatchObject({ type: 'rfid', code: '7001234567' });
    // Back to a keypad code: the tag is no 6-digit code.
    expectError(
      await call('PATCH', `/${view._id}`, keypadId, { type: 'keypad' }),
      400,
      'code: Code must be 6 digits',
    );
    expectError(
      await call('PATCH', `/${view._id}`, keypadId, { master: true }),
      400,
      'Master codes are only for sites without a keypad',
    );
  });

  it('refuses a duplicate value or type, and a past expiry', async () => {
    const member = await insertMember(rt, keypadId);
    const other = await created(keypadId, virtualKey(await insertMember(rt, keypadId)));
    const keypad = await created(keypadId, virtualKey(member, { type: 'keypad' }));
    await created(keypadId, virtualKey(member));
    expectError(
      await call('PATCH', `/${keypad._id}`, keypadId, { code: other.code }),
      409,
      'Code already exists, please use a different code and try again.',
      'codeTaken',
    );
    expectError(
      await call('PATCH', `/${keypad._id}`, keypadId, { type: 'virtualKey' }),
      409,
      'This member already has a virtualKey code',
      'typeTaken',
    );
    const plain = await created(plainId, virtualKey(await insertMember(rt, plainId)));
    expectError(
      await call('PATCH', `/${plain._id}`, plainId, { expires: new Date(Date.now() - 1_000).toISOString() }),
      400,
      'Expiry must be in the future',
    );
  });

  it("answers 404 for another site's code, and is refused to role basic", async () => {
    const view = await created(keypadId, virtualKey(await insertMember(rt, keypadId)));
    expectError(await call('PATCH', `/${view._id}`, plainId, { enabled: false }), 404, 'Code not found');
    expect((await call('PATCH', `/${view._id}`, keypadId, { enabled: false }, basic)).statusCode).toBe(403);
    const [row] = await rt.ctx.db.select().from(codes).where(eq(codes.id, view._id));
    expect(row!.enabled).toBe(true);
  });
});

describe('DELETE /api/dashboard/codes/:id', () => {
  it('deletes within the site only; role basic may not', async () => {
    const view = await created(plainId, virtualKey(await insertMember(rt, plainId)));
    expect((await call('DELETE', `/${view._id}`, plainId, undefined, basic)).statusCode).toBe(403);
    expect((await call('DELETE', `/${view._id}`, keypadId)).statusCode).toBe(404);
    expect((await call('DELETE', `/${view._id}`, plainId)).statusCode).toBe(204);
    expectError(await call('DELETE', `/${view._id}`, plainId), 404, 'Code not found');
  });
});

describe('GET /api/dashboard/codes/find', () => {
  it('names the holder of a code or tag of the site, and 404 otherwise', async () => {
    const member = await insertMember(rt, keypadId, {
      name: 'Karel Finder',
      company: 'Golf s.r.o.',
      phone: '+420 123 456 789',
    });
    const keypad = await created(keypadId, virtualKey(member, { type: 'keypad' }));
    await created(keypadId, { driver: member.id, type: 'rfid', code: '5500321', allDevices: true });

    const found = await call('GET', `/find?code=${keypad.code}`, keypadId);
    expect(found.statusCode).toBe(200);
    expect(found.json<CodeFindResult>()).toEqual({
      name: 'Karel Finder',
      email: member.email,
      company: 'Golf s.r.o.',
      phone: '+420 123 456 789',
      type: 'keypad',
    });
    const tag = await call('GET', '/find?code=0005500321', keypadId);
    expect(tag.json<CodeFindResult>()).toMatchObject({ name: 'Karel Finder', type: 'rfid' });

    expectError(await call('GET', `/find?code=${keypad.code}`, plainId), 404, 'Code not found');
    expect((await call('GET', '/find?code=12ab', keypadId)).statusCode).toBe(400);
    expect((await call('GET', `/find?code=${keypad.code}`, keypadId, undefined, basic)).statusCode).toBe(403);
  });
});

describe('emailing a code', () => {
  it("sends the code in the member's language and records when", async () => {
    const member = await insertMember(rt, plainId, { lang: 'de', name: 'Greta Golf' });
    const expires = new Date(Date.UTC(2099, 6, 1, 16, 30));
    const view = await created(
      plainId,
      virtualKey(member, { allDevices: false, devices: ['2', '3'], expires }),
    );
    const res = await call('POST', `/${view._id}/email`, plainId);
    expect(res.statusCode, res.body).toBe(200);
    const { emailSent } = res.json<{ emailSent: string }>();
    expect(Number.isNaN(Date.parse(emailSent))).toBe(false);

    const [mail] = await mailsTo(rt, member.email, 'memberCode');
    expect(mail).toMatchObject({
      lang: 'de',
      subject: expect.stringMatching(/^Ihr virtueller Schlüssel für Codes Club/),
    });
    expect(mail!.text).toContain('Hallo Greta Golf,');
    expect(mail!.text).toContain(`Schlüssel: ${view.code}`);
    expect(mail!.text).toContain('Carts: 2, 3');
    // 16:30 UTC is 17:30 in London in July.
    expect(mail!.text).toMatch(/Gültig bis: 1\. Juli 2099.*17:30/);
    expect(mail!.text).toContain('QR-Code');

    const [row] = await rt.ctx.db.select().from(codes).where(eq(codes.id, view._id));
    expect(row!.emailSentAt?.toISOString()).toBe(emailSent);
    expect((await call('POST', `/${view._id}/email`, keypadId)).statusCode).toBe(404);
  });

  it('sends it on create with sendEmail, in English by default, naming all carts', async () => {
    const member = await insertMember(rt, keypadId);
    const view = await created(keypadId, virtualKey(member, { type: 'keypad', sendEmail: true }));
    expect(view.emailSent).not.toBeNull();
    const [mail] = await mailsTo(rt, member.email, 'memberCode');
    expect(mail).toMatchObject({
      lang: 'en',
      subject: expect.stringMatching(/^Your keypad code for Codes Keypad Club/),
    });
    expect(mail!.text).toContain(`Code: ${view.code}`);
    expect(mail!.text).toContain('Carts: all carts');
    expect(mail!.text).not.toContain('Valid until');
  });
});
