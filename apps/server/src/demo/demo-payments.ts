import { and, eq, isNull } from 'drizzle-orm';
import { applicationFeeOf } from '@fairway/domain';
import { DEMO_COURSE } from '@fairway/simulator';
import type { DbExecutor } from '../db/client';
import { devices, positions } from '../db/tables/devices';
import { demoRideTrail } from './demo-trails';
import { demoRoundStarts, sequence } from './demo-usage-pattern';
import { rides } from '../db/tables/rides';
import { prices, services } from '../db/tables/services';
import { sites } from '../db/tables/sites';
import { payments } from '../db/tables/payments';
import { sandboxProcessingFee } from '../modules/payments/sandbox/sandbox-fees';
import { newSandboxId, sandboxAddresses } from '../modules/payments/sandbox/sandbox-ids';
import { sandboxCheckoutSessions, sandboxRefunds } from '../db/tables/sandbox';

/** How far back the demo club's card payments go, and how many it sells a day by weekday (Sunday first). */
const DAYS = 45;
const PER_WEEKDAY = [3, 3, 3, 3, 3, 4, 6];
const GUESTS = [
  'Alex Morgan',
  'Sam Fraser',
  'Jamie Lee',
  'Robin Carter',
  'Kim Walsh',
  'Charlie Reid',
  'Max Brodie',
];

/**
 * The demo club's card payments of the last weeks, as guests would have made them through the sandbox:
 * each paid one is a completed sandbox checkout with its fees, so the Revenue page's ledger, balance and
 * payouts agree with each other from the first start. A few were declined, left unpaid, or refunded.
 */
export async function seedDemoPayments(tx: DbExecutor, siteId: string, publicUrl: string): Promise<void> {
  const [site] = await tx.select().from(sites).where(eq(sites.id, siteId));
  if (!site?.stripeAccountId) return;
  const accountId = site.stripeAccountId;
  const rates = await tx
    .select({
      priceId: prices.id,
      serviceId: services.id,
      amount: prices.amount,
      name: prices.name,
      service: services.name,
    })
    .from(prices)
    .innerJoin(services, eq(services.id, prices.serviceId))
    .where(and(eq(services.siteId, siteId), isNull(prices.userGroupId)));
  const carts = await tx
    .select({ id: devices.id, carNumber: devices.carNumber })
    .from(devices)
    .where(eq(devices.siteId, siteId));
  if (rates.length === 0 || carts.length === 0) return;
  const addresses = sandboxAddresses(publicUrl);
  const random = sequence(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const share = {
    revenueShareMethod: site.revenueShareMethod,
    percentage: site.revenueSharePercentage,
    fixedFee: site.revenueShareFixedFee,
  };

  const now = Date.now();
  const rounds: Array<{ cartId: string; start: number; end: number }> = [];
  const busy = (cartId: string, start: Date, end: Date) =>
    rounds.some(
      (round) => round.cartId === cartId && round.start < end.getTime() && start.getTime() < round.end,
    );
  // Checkouts at the hours guests come (busier Fridays and Saturdays, mornings), never while closed.
  const checkouts = demoRoundStarts({
    now: now - 90_000,
    days: DAYS,
    timezone: site.timezone,
    openingHours: site.openingHours,
    perWeekday: PER_WEEKDAY,
    random,
  });
  for (const [index, checkoutAt] of checkouts.entries()) {
    const created = new Date(checkoutAt);
    const rate = pick(rates);
    const minutes = 60 + Math.floor(random() * 180);
    const paidAt = new Date(created.getTime() + 90_000);
    const rideEnd = new Date(Math.min(paidAt.getTime() + minutes * 60_000, now));
    // A cart drives one round at a time: its trails never overlap another ride's.
    const free = carts.filter((candidate) => !busy(candidate.id, paidAt, rideEnd));
    const cart = pick(free.length > 0 ? free : carts);
    const name = pick(GUESTS);
    const email = `${name.toLowerCase().replace(' ', '.')}@example.com`;
    const total = rate.amount + site.unlockFee;
    const roll = random();
    // The last checkout is still open; otherwise most are paid, some declined, unpaid or refunded.
    const outcome =
      index === checkouts.length - 1
        ? 'pending'
        : roll < 0.05
          ? 'failed'
          : roll < 0.09
            ? 'cancelled'
            : roll < 0.12
              ? 'refunded'
              : 'succeeded';
    const sessionId = newSandboxId.checkout();
    const paid = outcome === 'succeeded' || outcome === 'refunded';
    const intent = paid || outcome === 'failed' ? newSandboxId.paymentIntent() : null;
    const charge = paid ? newSandboxId.charge() : null;
    const fee = paid ? sandboxProcessingFee(total) : 0;
    const applicationFee = applicationFeeOf(total, share);
    await tx.insert(sandboxCheckoutSessions).values({
      id: sessionId,
      accountId,
      status: paid ? 'complete' : outcome === 'cancelled' ? 'expired' : 'open',
      amount: total,
      currency: site.currency,
      applicationFee,
      productName: `${rate.service} · ${rate.name}`,
      customerEmail: email,
      successUrl: `${publicUrl}/`,
      cancelUrl: `${publicUrl}/`,
      paymentIntentId: intent,
      chargeId: charge,
      processingFee: paid ? fee : null,
      cardLast4: paid ? '4242' : null,
      createdAt: created,
      expiresAt: new Date(created.getTime() + 30 * 60_000),
      completedAt: paid ? paidAt : null,
    });
    const refundedAt = new Date(paidAt.getTime() + 3_600_000);
    if (outcome === 'refunded')
      await tx.insert(sandboxRefunds).values({
        id: newSandboxId.refund(),
        accountId,
        paymentIntentId: intent!,
        amount: total,
        currency: site.currency,
        reason: 'requested_by_customer',
        createdAt: refundedAt,
      });
    const [payment] = await tx
      .insert(payments)
      .values({
        siteId,
        purpose: 'ride',
        status: outcome === 'succeeded' ? 'succeeded' : outcome === 'refunded' ? 'cancelled' : outcome,
        provider: 'sandbox',
        providerAccountId: accountId,
        checkoutSessionId: sessionId,
        paymentIntentId: intent,
        deviceId: cart.id,
        carNumber: cart.carNumber,
        serviceId: rate.serviceId,
        priceId: rate.priceId,
        description: `${rate.service} · ${rate.name} — Cart ${cart.carNumber}`,
        customerName: name,
        customerEmail: email,
        total,
        currency: site.currency,
        unlockFee: site.unlockFee,
        processingFee: fee,
        applicationFee,
        receiptUrl: charge ? addresses.receipt(charge) : null,
        failureMessage: outcome === 'failed' ? 'Your card was declined.' : null,
        createdAt: created,
        updatedAt: created,
        succeededAt: paid ? paidAt : null,
        dueDate: new Date(created.getTime() + 30 * 60_000),
        cancelledAt:
          outcome === 'cancelled'
            ? new Date(created.getTime() + 30 * 60_000)
            : outcome === 'refunded'
              ? refundedAt
              : null,
        failedAt: outcome === 'failed' ? paidAt : null,
        refundedAt: outcome === 'refunded' ? refundedAt : null,
        refundReason: outcome === 'refunded' ? 'requestedByOperator' : null,
      })
      .returning({ id: payments.id });
    if (outcome === 'succeeded') {
      // The ride's trail, point count and distance, as a real ride leaves them when it ends.
      const trail = demoRideTrail(DEMO_COURSE, paidAt, rideEnd);
      rounds.push({ cartId: cart.id, start: paidAt.getTime(), end: rideEnd.getTime() });
      for (let i = 0; i < trail.positions.length; i += 500)
        await tx
          .insert(positions)
          .values(trail.positions.slice(i, i + 500).map((point) => ({ deviceId: cart.id, ...point })));
      const [ride] = await tx
        .insert(rides)
        .values({
          siteId,
          deviceId: cart.id,
          carNumber: cart.carNumber,
          type: 'payment',
          status: 'ended',
          confirmed: true,
          serviceId: rate.serviceId,
          priceId: rate.priceId,
          paymentId: payment!.id,
          meta: { name, email },
          start: paidAt,
          end: rideEnd,
          duration: Math.round((rideEnd.getTime() - paidAt.getTime()) / 1000),
          distance: trail.distanceKm,
          points: trail.positions.length,
          amount: total,
        })
        .returning({ id: rides.id });
      await tx.update(payments).set({ rideId: ride!.id }).where(eq(payments.id, payment!.id));
    }
  }
}
