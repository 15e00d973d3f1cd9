import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { asUser, startAsSuperadmin } from '../../../test/helpers';
import { eventually } from '../../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../../test/test-cart';
import { activity } from '../../db/tables/activity';
import {
  TEST_MASTER_CODE,
  createClub,
  creditsOf,
  freshCode,
  insertCode,
  insertMember,
} from '../codes/codes.test-support';
import { devices, type DeviceRow } from '../../db/tables/devices';
import { rides } from '../../db/tables/rides';

let rt: Runtime;
let superadmin: string;
/** a keypad club of this file, so publishing touches only its carts */
let siteId: string;
const carts: TestCart[] = [];
let carNumbers = 0;

/** The telemetry odometer of every test cart, and the offset this file gives them. */
const ODOMETER = 1234.5;
const OFFSET = 10;

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  siteId = await createClub(rt, superadmin, true);
});
afterAll(async () => {
  for (const cart of carts) await cart.disconnect();
  await rt.stop();
});

/** A connected, locked cart of the club with a car number, whose first report is stored. */
async function cartOfClub(): Promise<TestCart & { carNumber: string }> {
  const cart = await startTestCart(rt, superadmin, siteId, { lock: 1, speed: 0, odometer: ODOMETER });
  carts.push(cart);
  const carNumber = String(++carNumbers);
  await rt.ctx.db
    .update(devices)
    .set({ carNumber, odometerOffset: OFFSET })
    .where(eq(devices.id, cart.deviceId));
  await eventually(async () => (await deviceRow(cart.deviceId)).lastReportAt !== null);
  return Object.assign(cart, { carNumber });
}

const deviceRow = async (deviceId: string) =>
  (await rt.ctx.db.select().from(devices).where(eq(devices.id, deviceId)))[0]!;
const ridesOf = (deviceId: string) => rt.ctx.db.select().from(rides).where(eq(rides.deviceId, deviceId));
const openRide = async (deviceId: string) =>
  (await ridesOf(deviceId)).find((ride) => ride.status !== 'ended');
const activityOf = (deviceId: string, type: string) =>
  rt.ctx.db
    .select()
    .from(activity)
    .where(and(eq(activity.deviceId, deviceId), eq(activity.type, type)));
const publish = async () => {
  const res = await rt.app.inject({
    method: 'POST',
    url: '/api/dashboard/codes/publish',
    headers: asUser(superadmin, siteId),
  });
  expect(res.statusCode, res.body).toBe(200);
};
const hasCode = (cart: TestCart, code: string) =>
  cart.configs.at(-1)?.codes.some((entry) => entry.code === code);
/** Time for a message that should change nothing to have been handled. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
/** The cart is locked by its player and reports it, `km` further on. */
const lockAfter = async (cart: TestCart, km: number) => {
  cart.state.lock = 1;
  await cart.report({ odometer: ODOMETER + km });
};

async function memberWithCode(credits: number, type: 'keypad' | 'rfid' = 'keypad', code = freshCode()) {
  const member = await insertMember(rt, siteId, { credits, name: `Rider ${code}` });
  const row = await insertCode(rt, { siteId, memberId: member.id, type, code });
  return { member, code: row };
}

describe('rides from codes entered at a cart', () => {
  it('starts a keypad ride with a published code, takes one credit, ignores a redelivery, and ends on lock', async () => {
    const cart = await cartOfClub();
    const { member, code } = await memberWithCode(3);
    await publish();
    await eventually(() => hasCode(cart, code.code));

    const inUse = new Promise<DeviceRow>((resolve) => {
      const listener = (view: DeviceRow) => {
        if (view.id !== cart.deviceId || !view.inUse) return;
        rt.ctx.bus.off('device.updated', listener);
        resolve(view);
      };
      rt.ctx.bus.on('device.updated', listener);
    });
    expect(await cart.enterCode(code.code, 'keypad')).toEqual({ kind: 'unlock', type: 'keypad' });
    const ride = await eventually(() => openRide(cart.deviceId));
    expect(ride).toMatchObject({
      siteId,
      type: 'keypad',
      status: 'active',
      confirmed: true,
      memberId: member.id,
      codeId: code.id,
      meta: { name: member.name, email: member.email },
      carNumber: cart.carNumber,
      startOdometer: ODOMETER + OFFSET,
      creditsDeducted: 1,
    });
    expect(await creditsOf(rt, member.id)).toBe(2);
    expect((await inUse).inUse).toBe(true);
    expect((await deviceRow(cart.deviceId)).inUse).toBe(true);

    // QoS 1 redelivers the same event; another unlock while riding is the same player carrying on.
    await cart.sendEvent(
      'keypad_unlock',
      { code: code.code },
      { id: ride.sourceEventId!.split(':')[1]!, ts: Date.now() },
    );
    await cart.sendEvent('keypad_unlock', { code: code.code });
    await settle();
    expect(await ridesOf(cart.deviceId)).toHaveLength(1);
    expect(await creditsOf(rt, member.id)).toBe(2);

    await lockAfter(cart, 2.345);
    const ended = await eventually(async () =>
      (await ridesOf(cart.deviceId)).find((r) => r.status === 'ended'),
    );
    expect(ended).toMatchObject({ endOdometer: ODOMETER + OFFSET + 2.345, distance: 2.3 });
    expect(ended.end).toBeInstanceOf(Date);
    expect(ended.duration).toBeGreaterThanOrEqual(0);
    expect(ended.duration).toBeLessThan(600);
    await eventually(async () => !(await deviceRow(cart.deviceId)).inUse);
  });

  it('starts an RFID ride from a tag, and leaves unlimited credits at -1', async () => {
    const cart = await cartOfClub();
    const { member, code } = await memberWithCode(-1, 'rfid', `77${freshCode()}`);
    await publish();
    await eventually(() => hasCode(cart, code.code));
    await cart.enterCode(code.code, 'rfid');
    const ride = await eventually(() => openRide(cart.deviceId));
    expect(ride).toMatchObject({ type: 'rfid', memberId: member.id, creditsDeducted: 0 });
    expect(await creditsOf(rt, member.id)).toBe(-1);
  });

  it("takes the last credit, and then the carts get configs without the member's code", async () => {
    const cart = await cartOfClub();
    const { member, code } = await memberWithCode(1);
    await publish();
    await eventually(() => hasCode(cart, code.code));
    const version = cart.configs.at(-1)!.version;

    await cart.enterCode(code.code, 'keypad');
    await eventually(() => openRide(cart.deviceId));
    expect(await creditsOf(rt, member.id)).toBe(0);
    await eventually(() => cart.configs.at(-1)!.version > version && !hasCode(cart, code.code));

    await lockAfter(cart, 0.5);
    await eventually(async () => !(await openRide(cart.deviceId)));
    // The cart now refuses the code by itself, and says so.
    expect(await cart.enterCode(code.code, 'keypad')).toEqual({ kind: 'refuse', reason: 'unknown' });
    const [refused] = await eventually(async () => {
      const rows = await activityOf(cart.deviceId, 'code_refused');
      return rows.length > 0 && rows;
    });
    expect(refused!.message).toBe(`Cart ${cart.carNumber} refused code ${code.code} (unknown)`);
    expect(await creditsOf(rt, member.id)).toBe(0);
  });

  it('starts a ride without a deduction for a member with no credits (a stale config), and says so', async () => {
    const cart = await cartOfClub();
    const { member, code } = await memberWithCode(0);
    await cart.sendEvent('keypad_unlock', { code: code.code });
    const ride = await eventually(() => openRide(cart.deviceId));
    expect(ride).toMatchObject({ memberId: member.id, creditsDeducted: 0 });
    expect(await creditsOf(rt, member.id)).toBe(0);
    const [notice] = await eventually(async () => {
      const rows = await activityOf(cart.deviceId, 'keypad_unlock');
      return rows.length > 0 && rows;
    });
    expect(notice!.message).toContain('with no credits left');
    expect(notice!.data).toMatchObject({ reason: 'noCredits', rideId: ride.id });
  });

  it("starts a ride without a member for 'local' and unknown codes, and logs only the unknown one", async () => {
    const cart = await cartOfClub();
    await cart.sendEvent('keypad_unlock', { code: 'local' });
    const local = await eventually(() => openRide(cart.deviceId));
    expect(local).toMatchObject({
      type: 'keypad',
      memberId: null,
      codeId: null,
      meta: { name: null, email: null },
    });
    await lockAfter(cart, 1);
    await eventually(async () => !(await openRide(cart.deviceId)));

    // A tag's number typed on the keypad is no keypad code.
    const { code: tag } = await memberWithCode(4, 'rfid', `66${freshCode()}`);
    await cart.sendEvent('keypad_unlock', { code: tag.code });
    const unknown = await eventually(() => openRide(cart.deviceId));
    expect(unknown.memberId).toBeNull();
    const notices = await eventually(async () => {
      const rows = await activityOf(cart.deviceId, 'keypad_unlock');
      return rows.length === 1 && rows;
    });
    expect(notices.map((row) => row.data.reason)).toEqual(['unknown']);
    expect(notices.find((row) => row.data.reason === 'unknown')!.message).toBe(
      `Cart ${cart.carNumber} was unlocked with code ${tag.code}, which the site does not have`,
    );
  });

  it('starts a keypad ride without a member for the master code, and logs nothing', async () => {
    const cart = await cartOfClub();
    await publish();
    await eventually(() => hasCode(cart, TEST_MASTER_CODE));
    await cart.enterCode(TEST_MASTER_CODE, 'keypad');
    const ride = await eventually(() => openRide(cart.deviceId));
    expect(ride).toMatchObject({ type: 'keypad', memberId: null, creditsDeducted: 0 });
    await settle();
    expect(await activityOf(cart.deviceId, 'keypad_unlock')).toEqual([]);
  });

  it('logs a refused code once, however often the cart sends it', async () => {
    const cart = await cartOfClub();
    const event = await cart.sendEvent('code_refused', { code: '135790', reason: 'expired' });
    await cart.sendEvent('code_refused', event.data, { id: event.id, ts: event.ts });
    const [row] = await eventually(async () => {
      const rows = await activityOf(cart.deviceId, 'code_refused');
      return rows.length > 0 && rows;
    });
    expect(row).toMatchObject({
      siteId,
      message: `Cart ${cart.carNumber} refused code 135790 (expired)`,
      data: { code: '135790', reason: 'expired', eventId: event.id },
    });
    await settle();
    expect(await activityOf(cart.deviceId, 'code_refused')).toHaveLength(1);
  });

  it('is not ended by a locked report the cart sent before the unlock, stored after the ride started', async () => {
    const cart = await cartOfClub();
    await cart.sendEvent('keypad_unlock', { code: 'local' });
    const ride = await eventually(() => openRide(cart.deviceId));
    // The batching writer stores a report received before the event only now: locked, in use.
    const [stale] = await rt.ctx.db
      .update(devices)
      .set({ lockStatus: 1, lastReportAt: new Date(ride.createdAt.getTime() - 1_000) })
      .where(eq(devices.id, cart.deviceId))
      .returning();
    rt.ctx.bus.emit('device.updated', stale!);
    await settle();
    expect((await openRide(cart.deviceId))?.id).toBe(ride.id);

    await lockAfter(cart, 0.25);
    await eventually(async () => !(await openRide(cart.deviceId)));
  });

  it('counts the duration from the unlock, and a ride over 10 hours as 0', async () => {
    const cart = await cartOfClub();
    const { code } = await memberWithCode(-1);
    const tenMinutesAgo = Date.now() - 10 * 60_000;
    await cart.sendEvent('keypad_unlock', { code: code.code }, { ts: tenMinutesAgo });
    await eventually(() => openRide(cart.deviceId));
    await lockAfter(cart, 0);
    const ride = await eventually(async () =>
      (await ridesOf(cart.deviceId)).find((r) => r.status === 'ended'),
    );
    expect(ride.start.getTime()).toBe(tenMinutesAgo);
    expect(ride.duration).toBeGreaterThanOrEqual(600);
    expect(ride.duration).toBeLessThan(900);
    expect(ride.distance).toBe(0);

    const other = await cartOfClub();
    await other.sendEvent('keypad_unlock', { code: code.code }, { ts: Date.now() - 11 * 3_600_000 });
    await eventually(() => openRide(other.deviceId));
    await lockAfter(other, 40);
    const long = await eventually(async () =>
      (await ridesOf(other.deviceId)).find((r) => r.status === 'ended'),
    );
    expect(long).toMatchObject({ duration: 0, distance: 40 });
  });
});
