/**
 * Issue 15 item 2: PostgreSQL stops just after a cart acknowledged an operator's unlock, and starts again.
 * The answer must not be lost: the command ends acknowledged, the cart unlocked and the operator's manual
 * ride opened, and the request that waited through the outage answers 503, not a bare 500. The same holds
 * for a keypad unlock the cart reports while the database is down: its ride is opened once it is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deviceTopic } from '@fairway/domain';
import type { Runtime } from '../../src/runtime';
import { eventually, publishJson } from '../fleet-fixtures';
import type { TestCart } from '../test-cart';
import { deviceCommands } from '../../src/db/tables/commands';
import { rides } from '../../src/db/tables/rides';
import {
  SLOW,
  createRideClub,
  deviceRow,
  openRideOf,
  rideCart,
  type RideClub,
} from '../../src/modules/rides/ride-lifecycle.test-support';
import { asUser, loginAs, startTestServer } from '../helpers';
import { startOwnPostgres, type OwnPostgres } from './own-services';

let pg: OwnPostgres;
let rt: Runtime;
let club: RideClub;
const carts: TestCart[] = [];

beforeAll(async () => {
  pg = await startOwnPostgres();
  rt = await startTestServer({ DATABASE_URL: pg.url });
  club = await createRideClub(rt, await loginAs(rt, 'superadmin@example.com'), 'Outage GC');
}, 120_000);

afterAll(async () => {
  for (const cart of carts) await cart.disconnect().catch(() => undefined);
  await pg?.start().catch(() => undefined);
  await rt?.stop();
  await pg?.remove();
});

describe('PostgreSQL stopped just after a cart answered', () => {
  it("keeps the cart's acknowledgement of an operator unlock: command, cart and ride agree once it is back", async () => {
    const cart = await rideCart(rt, club, carts);
    cart.ackMode = 'silent';
    const unlock = rt.app.inject({
      method: 'POST',
      url: `/api/dashboard/devices/${cart.deviceId}/unlock`,
      headers: asUser(club.superadmin, club.siteId),
    });
    const command = await eventually(() => cart.commands.find((sent) => sent.name === 'unlock'), SLOW);

    await pg.stop();
    // The cart acts on the command and answers while the database is down.
    cart.state.lock = 0;
    await publishJson(
      cart.client!,
      deviceTopic(cart.deviceId, 'ack'),
      { id: command.id, ok: true, ts: Date.now() },
      { qos: 1 },
    );
    await cart.report();

    // The operator's request ends with the lock window, the database still down: a clear 503.
    const answer = await unlock;
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.json()).toMatchObject({ code: 'databaseUnavailable' });

    await pg.start();
    const stored = await eventually(async () => {
      const [row] = await rt.ctx.db.select().from(deviceCommands).where(eq(deviceCommands.id, command.id));
      return row?.state === 'acknowledged' && row;
    }, 30_000);
    expect(stored.error).toBeNull();
    expect(await deviceRow(rt, cart.deviceId)).toMatchObject({ lockStatus: 0 });
    const ride = await eventually(() => openRideOf(rt, cart.deviceId), 30_000);
    expect(ride).toMatchObject({ type: 'manual', unlockedBy: club.superadminId });
  });

  it('keeps a keypad unlock reported while the database is down: its ride opens once it is back', async () => {
    const cart = await rideCart(rt, club, carts);
    await pg.stop();
    const received = rt.gateway.stats().received;
    cart.state.lock = 0;
    const event = await cart.sendEvent('keypad_unlock', { code: '4711' });
    await cart.report();
    // The server has the event and tries to store it while the database is down (it stays down a while).
    await eventually(() => rt.gateway.stats().received >= received + 1, SLOW);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await pg.start();

    const ride = await eventually(async () => {
      const [row] = await rt.ctx.db
        .select()
        .from(rides)
        .where(
          and(eq(rides.deviceId, cart.deviceId), eq(rides.sourceEventId, `${cart.deviceId}:${event.id}`)),
        );
      return row;
    }, 30_000);
    expect(ride).toMatchObject({ type: 'keypad' });
  });
});
