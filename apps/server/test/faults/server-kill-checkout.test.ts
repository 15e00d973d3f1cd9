/**
 * Issue #15 item 3: the server is killed with SIGKILL right after a guest paid in the sandbox. The payment
 * must not stay stuck behind a lease taken by the dead process: the restarted server processes it promptly
 * and the cart unlocks; if the restart comes after the unlock window (the guest has given up), the payment
 * is refunded and the cart is never unlocked for nobody.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { SANDBOX_CARDS, type GuestPaymentView } from '@fairway/domain';
import { eventually } from '../fleet-fixtures';
import { startTestCart, type TestCart } from '../test-cart';
import { asUser, loginAs } from '../helpers';
import { createPaymentSite, startCheckout } from '../../src/modules/payments/payments.test-support';
import { WEBHOOK_DELIVERY } from '../../src/modules/payments/sandbox/sandbox-webhooks';
import { sandboxWebhookDeliveries as deliveries } from '../../src/db/tables/sandbox';
import { rides } from '../../src/db/tables/rides';
import type { Database } from '../../src/db/client';
import { asRuntime, connectTestDatabase, serverProcess, type ServerProcess } from './server-process';

/**
 * "Promptly": well inside the unlock window and far below the five minutes the old delivery lease held a
 * paid checkout. It covers a start of the server, the delivery lease and a job lease of the dead process.
 */
const PROMPTLY = 60_000;
/** Two starts of a server process (each compiles it) and the waits. */
const TEST_TIMEOUT = 420_000;

let server: ServerProcess | null = null;
let database: Database | null = null;
const carts: TestCart[] = [];

afterEach(async () => {
  for (const cart of carts.splice(0)) await cart.disconnect();
  await server?.stop();
  await database?.close();
  server = null;
  database = null;
});

/** A club taking card payments, a cart of it online, and a guest's checkout for that cart. */
async function guestAtCheckout(refundSeconds: number) {
  database = connectTestDatabase(inject('databaseUrl'));
  server = await serverProcess(inject('databaseUrl'), { PAID_UNLOCK_REFUND_SECONDS: String(refundSeconds) });
  await server.start();
  const rt = asRuntime(server, database);
  const superadmin = await loginAs(rt, 'superadmin@example.com');
  const club = await createPaymentSite(rt, superadmin, `Kill Checkout ${Date.now()}`);
  const cart = await startTestCart(rt, superadmin, club.siteId);
  carts.push(cart);
  const online = async () => {
    const res = await rt.app.inject({
      url: `/api/dashboard/devices/${cart.deviceId}`,
      headers: asUser(await loginAs(rt, 'superadmin@example.com'), club.siteId),
    });
    return res.statusCode === 200 && res.json<{ onlineStatus: boolean }>().onlineStatus;
  };
  /** The cart connects (again) and the server sees it online, as a real cart's reconnect does. */
  const reconnect = async () => {
    await cart.disconnect();
    await cart.connect();
    await eventually(online, 30_000);
  };
  await eventually(online, 30_000);
  const checkout = await startCheckout(rt, {
    siteId: club.siteId,
    rateId: club.guestPriceId,
    deviceId: cart.deviceId,
  });
  return { rt, cart, checkout, reconnect };
}

/** Pays, and kills the server the moment the guest's browser has its answer. */
async function payAndKill(proc: ServerProcess, sessionId: string): Promise<void> {
  const paid = await fetch(`${proc.url}/api/sandbox/checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      cardNumber: SANDBOX_CARDS.succeeds,
      expiry: '12/39',
      cvc: '123',
      name: 'Gina Guest',
    }),
  });
  await proc.kill();
  expect(paid.status).toBe(200);
}

/**
 * Where the kill left the paid event: the process tries it at once after the payment's commit, and a kill in
 * that moment leaves it claimed for the sandbox's lease with no attempt made (the state the issue found).
 * The race is made certain here: an event the process had not delivered yet is left claimed exactly as
 * its claim does, with the production lease.
 */
async function leaveClaimedByTheDeadProcess(db: Database, sessionId: string) {
  await db.db
    .update(deliveries)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${WEBHOOK_DELIVERY.leaseSeconds})` })
    .where(
      and(
        eq(deliveries.type, 'checkout.session.completed'),
        like(deliveries.payload, `%${sessionId}%`),
        isNull(deliveries.deliveredAt),
      ),
    );
}

const guestPayment = async (proc: ServerProcess, id: string) =>
  (await (await fetch(`${proc.url}/api/guest/payments/${id}`)).json()) as GuestPaymentView;
const rideOf = async (db: Database, paymentId: string) =>
  (await db.db.select().from(rides).where(eq(rides.paymentId, paymentId)))[0];

describe('the server is killed right after a guest paid', () => {
  it(
    'the restarted server processes the payment promptly and the cart unlocks',
    async () => {
      const { cart, checkout, reconnect } = await guestAtCheckout(120);
      await payAndKill(server!, checkout.id);
      await leaveClaimedByTheDeadProcess(database!, checkout.id);

      await server!.start();
      // The broker went down with the server: the cart connects again, as real carts do.
      await reconnect();

      const ride = await eventually(async () => {
        const row = await rideOf(database!, checkout.paymentId);
        return row?.confirmed ? row : undefined;
      }, PROMPTLY).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${server!.output()}`);
      });
      expect(ride).toMatchObject({ type: 'payment', status: 'active', deviceId: cart.deviceId });
      expect(cart.commands.filter((command) => command.name === 'unlock')).toHaveLength(1);
      expect(await guestPayment(server!, checkout.paymentId)).toMatchObject({
        status: 'succeeded',
        refunded: false,
        rideId: ride.id,
      });
    },
    TEST_TIMEOUT,
  );

  it(
    'a payment the restarted server hears of after the unlock window is refunded, and the cart stays locked',
    async () => {
      const windowSeconds = 30;
      const { cart, checkout, reconnect } = await guestAtCheckout(windowSeconds);
      const paidAt = Date.now();
      await payAndKill(server!, checkout.id);
      await leaveClaimedByTheDeadProcess(database!, checkout.id);

      // The server stays down until the guest's waiting window has passed.
      await new Promise((resolve) => setTimeout(resolve, paidAt + windowSeconds * 1000 + 2_000 - Date.now()));
      await server!.start();
      await reconnect();

      const refunded = await eventually(async () => {
        const payment = await guestPayment(server!, checkout.paymentId);
        return payment.refunded ? payment : undefined;
      }, PROMPTLY).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${server!.output()}`);
      });
      // The guest's page shows the refund (spec: a paid unlock the cart never confirms is refunded).
      expect(refunded).toMatchObject({ status: 'cancelled', refundReason: 'cartNeverConfirmed' });
      expect(await rideOf(database!, checkout.paymentId)).toBeUndefined();
      expect(cart.commands.filter((command) => command.name === 'unlock')).toHaveLength(0);
    },
    TEST_TIMEOUT,
  );
});
