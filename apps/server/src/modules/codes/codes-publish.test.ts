import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ConfigMessage } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, loginAs, startAsSuperadmin } from '../../../test/helpers';
import { deviceConfigs } from '../../db/tables/device-configs';
import { devices } from '../../db/tables/devices';
import { createUser, TEST_PASSWORD } from '../users/users.test-support';
import {
  TEST_MASTER_CODE,
  createClub,
  freshCode,
  insertCart,
  insertCode,
  insertMember,
} from './codes.test-support';

let rt: Runtime;
let superadmin: string;

beforeAll(async () => ({ rt, superadmin } = await startAsSuperadmin()));
afterAll(() => rt.stop());

const publish = (siteId: string, token: string) =>
  rt.app.inject({ method: 'POST', url: '/api/dashboard/codes/publish', headers: asUser(token, siteId) });

const storedConfig = async (deviceId: string): Promise<ConfigMessage> => {
  const [row] = await rt.ctx.db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, deviceId));
  return row!.payload;
};

type ConfigCode = ConfigMessage['codes'][number];
type NewCode = Parameters<typeof insertCode>[1];

/** Codes of a config in a stable order, for comparing. */
const sorted = (codes: ConfigMessage['codes']) => [...codes].sort((a, b) => a.code.localeCompare(b.code));

describe('POST /api/dashboard/codes/publish', () => {
  it("puts exactly each cart's valid keypad codes and RFID tags into its config, with the master code", async () => {
    const siteId = await createClub(rt, superadmin, true);
    const user = await createUser(rt, { role: 'user', sites: [siteId] });
    const operator = await loginAs(rt, user.email, TEST_PASSWORD);
    const cartOne = await insertCart(rt, siteId, '1');
    const cartTwo = await insertCart(rt, siteId, '2');
    const code = async (
      credits: number,
      fields: Omit<NewCode, 'siteId' | 'memberId' | 'code'> & { code?: string },
    ) => {
      const member = await insertMember(rt, siteId, { credits });
      return insertCode(rt, { siteId, memberId: member.id, code: freshCode(), ...fields });
    };
    const later = new Date(Date.now() + 7 * 86_400_000);
    later.setUTCSeconds(0, 0);

    const everywhere = await code(5, { type: 'keypad' });
    const tagForOne = await code(-1, { type: 'rfid', allDevices: false, devices: ['1'], code: '88001234' });
    const forTwo = await code(2, { type: 'keypad', allDevices: false, devices: ['2'] });
    const expiring = await code(1, { type: 'keypad', expires: later });
    await code(5, { type: 'keypad', enabled: false });
    await code(0, { type: 'keypad' });
    await code(5, { type: 'virtualKey' });
    await code(5, { type: 'keypad', expires: new Date(Date.now() - 60_000) });
    await code(5, { type: 'keypad', allDevices: false, devices: ['7'] });

    const res = await publish(siteId, operator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ devices: 2, codes: 4 });

    const master: ConfigCode = { code: TEST_MASTER_CODE, type: 'master', expires: null };
    const keypad = (row: { code: string }, expires: number | null = null): ConfigCode => ({
      code: row.code,
      type: 'keypad',
      expires,
    });
    expect(sorted((await storedConfig(cartOne)).codes)).toEqual(
      sorted([
        master,
        keypad(everywhere),
        { code: tagForOne.code, type: 'rfid', expires: null } satisfies ConfigCode,
        keypad(expiring, later.getTime()),
      ]),
    );
    expect(sorted((await storedConfig(cartTwo)).codes)).toEqual(
      sorted([master, keypad(everywhere), keypad(forTwo), keypad(expiring, later.getTime())]),
    );
    // The carts show the codes as pending until they acknowledge the new config.
    const [row] = await rt.ctx.db.select().from(devices).where(eq(devices.id, cartOne));
    expect(row!.updates).toContain('code');
  });

  it('counts nothing on a club without carts', async () => {
    const siteId = await createClub(rt, superadmin, false);
    await insertCode(rt, {
      siteId,
      memberId: (await insertMember(rt, siteId)).id,
      type: 'virtualKey',
      code: freshCode(),
    });
    const res = await publish(siteId, superadmin);
    expect(res.json()).toEqual({ devices: 0, codes: 0 });
  });

  it('is refused to role basic', async () => {
    const siteId = await createClub(rt, superadmin, true);
    const cart = await insertCart(rt, siteId, '1');
    const user = await createUser(rt, { role: 'basic', sites: [siteId] });
    const basic = await loginAs(rt, user.email, TEST_PASSWORD);
    expect((await publish(siteId, basic)).statusCode).toBe(403);
    const [row] = await rt.ctx.db.select().from(devices).where(eq(devices.id, cart));
    expect(row!.configVersion).toBe(0);
  });
});
