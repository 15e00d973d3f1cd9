import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { startTestServer } from '../../../test/helpers';
import { telemetry } from '../../../test/fleet-fixtures';
import { devices, positions } from '../../db/tables/devices';
import { createRideClub, insertCart } from '../../modules/guest/guest-rides.test-support';
import { changeFromStatus, changeFromTelemetry } from './device-change';
import { PositionColumns } from './position-columns';
import { writeDeviceStates } from './device-state-sql';

/**
 * The telemetry writer's statements against PostgreSQL (issue 22): a flush without connects or disconnects
 * is one statement that takes its row locks in id order before it updates anything.
 */
let rt: Runtime;
let cartIds: string[];

beforeAll(async () => {
  rt = await startTestServer();
  const club = await createRideClub(rt);
  cartIds = [];
  for (let i = 0; i < 60; i++) cartIds.push((await insertCart(rt, club.siteId)).id);
});
afterAll(() => rt.stop());

/** One report per cart, received at `at`, with `uptime` to tell the flushes apart. */
const reports = (ids: string[], uptime: number, at = Date.now()) =>
  ids.map((id) => {
    const message = telemetry({ uptime, ts: at });
    return { change: changeFromTelemetry(id, message, at), id, message };
  });

const positionsOf = (batch: ReturnType<typeof reports>) => {
  const positions = new PositionColumns();
  for (const { id, message } of batch) positions.push(id, message);
  return positions;
};

const flush = (batch: ReturnType<typeof reports>) =>
  writeDeviceStates(
    rt.ctx.database.pool,
    batch.map((r) => r.change),
    positionsOf(batch),
  );

const positionCount = async (ids: string[]) =>
  (await rt.ctx.db.select({ n: count() }).from(positions).where(inArray(positions.deviceId, ids)))[0]!.n;

describe('writeDeviceStates', () => {
  it('stores every position and every cart of a telemetry flush, and answers the stored rows', async () => {
    const ids = cartIds.slice(0, 10);
    const before = await positionCount(ids);
    const rows = await flush(reports(ids, 4242));
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(rows.every((row) => row.uptime === 4242 && row.online)).toBe(true);
    expect(await positionCount(ids)).toBe(before + ids.length);
    const stored = await rt.ctx.db.select().from(devices).where(eq(devices.id, ids[0]!));
    expect(stored[0]!.uptime).toBe(4242);
    // Read as Drizzle reads the row: the timestamps (left as text by `rawRowTypes`) are Dates, to the millisecond.
    const answered = rows.find((row) => row.id === ids[0])!;
    expect(answered).toEqual(stored[0]);
    expect(answered.lastReportAt).toBeInstanceOf(Date);
    expect(answered.createdAt.getTime()).toBe(stored[0]!.createdAt.getTime());
  });

  it('lets flushes of the same carts in opposite orders queue, never deadlock', async () => {
    // Rows are updated in the order the batch lists them; without the locks taken first in id order two
    // such flushes would each hold a row the other waits for, and PostgreSQL would end one (40P01).
    const ids = cartIds.slice(10);
    const reversed = [...ids].reverse();
    const before = await positionCount(ids);
    const rounds = 8;
    const results = await Promise.allSettled(
      Array.from({ length: rounds }, (_, round) => flush(reports(round % 2 ? reversed : ids, round))),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(await positionCount(ids)).toBe(before + rounds * ids.length);
  });

  it("stores a backlog's chunk of positions alone (no cart changes) in the same one statement", async () => {
    const ids = cartIds.slice(0, 3);
    const before = await positionCount(ids);
    const rows = await writeDeviceStates(rt.ctx.database.pool, [], positionsOf(reports(ids, 7)));
    expect(rows).toEqual([]);
    expect(await positionCount(ids)).toBe(before + ids.length);
  });

  it('logs connects in the same write when a cart connected (the transaction path)', async () => {
    const id = cartIds[0]!;
    const at = Date.now() + 1_000;
    const [connected] = await writeDeviceStates(
      rt.ctx.database.pool,
      [changeFromStatus(id, { online: true }, at, false)],
      new PositionColumns(),
    );
    expect(connected).toMatchObject({ id, online: true });
    // This path's rows, too, are the row as Drizzle reads it.
    expect(connected).toEqual((await rt.ctx.db.select().from(devices).where(eq(devices.id, id)))[0]);
  });

  it('sends text as it is, however it is spelled (the array literals quote and escape it)', async () => {
    // A cart's firmware and carrier are free text (up to 40 characters); the literal's separators, quotes,
    // backslashes and the word NULL must reach the row unchanged, and an absent value must stay absent.
    const [id, other] = cartIds.slice(20, 22) as [string, string];
    const at = Date.now() + 2_000;
    const firmware = 'v2 "beta", {x}\\ NULL';
    const [before] = await rt.ctx.db.select().from(devices).where(eq(devices.id, other));
    await writeDeviceStates(
      rt.ctx.database.pool,
      [
        changeFromStatus(id, { online: true, firmware, carrier: 'NULL' }, at, false),
        changeFromStatus(other, { online: true, carrier: '' }, at, false),
      ],
      new PositionColumns(),
    );
    const stored = await rt.ctx.db
      .select()
      .from(devices)
      .where(inArray(devices.id, [id, other]));
    const byId = new Map(stored.map((row) => [row.id, row]));
    expect(byId.get(id)).toMatchObject({ firmware, gprsCarrier: 'NULL' });
    expect(byId.get(other)).toMatchObject({ gprsCarrier: '' });
    expect(byId.get(other)!.firmware).toBe(before!.firmware);
  });
});
