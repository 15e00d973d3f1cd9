import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { CommandView } from '@fairway/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { DomainEventBus } from '../../lib/events';
import type { CommandsService } from '../commands/commands.service';
import { deviceCommands } from '../commands/commands.table';
import { toCartView } from '../devices/devices.presenter';
import { devices } from '../devices/devices.table';
import type { PaidPurchase } from '../payments/webhooks.service';
import type { PaymentRow } from '../payments/payments.presenter';
import { PaymentsRepository } from '../payments/payments.repository';
import type { RefundsService } from '../payments/refunds.service';
import { sites } from '../sites/sites.table';
import { rides } from './rides.table';

/**
 * Rides bought by card (issue #7). When the provider's webhook says a ride payment succeeded, the ride is
 * created unconfirmed and the cart is told to unlock; the cart's acknowledgement confirms the ride. A paid
 * unlock the cart never confirms — offline, busy, out of reach — is refunded in full once the guest's
 * waiting window (`refundAfterMs`) has passed, and the guest is told so on their ride page. Every step is
 * keyed on the payment (a unique ride per payment), so a repeated webhook or a sweep after a crash repeats
 * nothing.
 */
export class PaidRidesService implements PaidPurchase {
  constructor(
    private readonly db: Db,
    private readonly commands: CommandsService,
    private readonly refunds: RefundsService,
    private readonly bus: DomainEventBus,
    private readonly log: Logger,
    private readonly refundAfterMs: number,
  ) {}

  async paymentSucceeded(payment: PaymentRow): Promise<void> {
    if (payment.purpose !== 'ride' || !payment.deviceId || payment.refundedAt) return;
    const [cart] = await this.db
      .select({ device: devices, keyless: sites.keyless })
      .from(devices)
      .innerJoin(sites, eq(sites.id, devices.siteId))
      .where(eq(devices.id, payment.deviceId));
    if (!cart) {
      await this.refundUnconfirmed(payment, 'the cart no longer exists');
      return;
    }

    const ride = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(rides)
        .values({
          siteId: payment.siteId,
          deviceId: payment.deviceId!,
          carNumber: cart.device.carNumber,
          type: 'payment',
          status: 'active',
          confirmed: false,
          serviceId: payment.serviceId,
          priceId: payment.priceId,
          paymentId: payment.id,
          meta: { name: payment.customerName, email: payment.customerEmail },
          start: new Date(),
          startOdometer:
            cart.device.odometer === null ? null : cart.device.odometer + cart.device.odometerOffset,
          amount: payment.total,
        })
        .onConflictDoNothing()
        .returning();
      if (created) await new PaymentsRepository(tx).update(payment.id, { rideId: created.id });
      return created ?? null;
    });
    if (!ride) {
      const [existing] = await this.db.select().from(rides).where(eq(rides.paymentId, payment.id));
      // Already started by an earlier delivery: nothing more to do. Otherwise the cart has another open ride.
      if (existing) return;
      await this.refundUnconfirmed(payment, 'the cart was taken by another ride');
      return;
    }

    const command = await this.commands.unlockForGuest(cart.device, cart.keyless);
    if (!command) {
      await this.refundUnconfirmed(payment, 'the cart cannot be unlocked now');
      return;
    }
    await this.db.update(rides).set({ unlockCommandId: command._id }).where(eq(rides.id, ride.id));
    this.log.info({ paymentId: payment.id, rideId: ride.id, command: command._id }, 'paid unlock sent');
  }

  /** The cart answered a command: an acknowledged paid unlock confirms its ride. */
  async commandFinished(command: CommandView): Promise<void> {
    if (command.name !== 'unlock' || command.state !== 'acknowledged') return;
    await this.confirm(eq(rides.unlockCommandId, command._id));
  }

  /**
   * The sweep: paid rides that have no ride yet (the process stopped after the webhook) are started; paid
   * rides still unconfirmed after the waiting window are ended and refunded, unless their unlock was in
   * fact acknowledged (an acknowledgement whose event was missed), which confirms them instead.
   */
  async sweep(now = Date.now()): Promise<{ started: number; refunded: number }> {
    const ledger = new PaymentsRepository(this.db);
    const cutoff = new Date(now - this.refundAfterMs);
    const orphans = await ledger.paidRidesWithoutRide(cutoff);
    for (const payment of orphans) await this.paymentSucceeded(payment);
    let refunded = 0;
    for (const payment of await ledger.unconfirmedRidePayments(cutoff)) {
      const [acknowledged] = await this.db
        .select({ id: deviceCommands.id })
        .from(rides)
        .innerJoin(deviceCommands, eq(deviceCommands.id, rides.unlockCommandId))
        .where(and(eq(rides.paymentId, payment.id), eq(deviceCommands.state, 'acknowledged')));
      if (acknowledged && (await this.confirm(eq(rides.paymentId, payment.id)))) continue;
      if (await this.refundUnconfirmed(payment, 'the cart never confirmed the unlock')) refunded++;
    }
    return { started: orphans.length, refunded };
  }

  /**
   * Ends the payment's unconfirmed ride (if any) and refunds the payment. The ride is ended first, with a
   * condition on it still being unconfirmed, so a confirmation racing this cannot be refunded.
   */
  private async refundUnconfirmed(payment: PaymentRow, why: string): Promise<boolean> {
    const ended = await this.db
      .update(rides)
      .set({ status: 'ended', end: sql`now()`, duration: 0, updatedAt: sql`now()` })
      .where(and(eq(rides.paymentId, payment.id), eq(rides.confirmed, false), ne(rides.status, 'ended')))
      .returning({ id: rides.id });
    const [ride] = await this.db
      .select({ confirmed: rides.confirmed })
      .from(rides)
      .where(eq(rides.paymentId, payment.id));
    if (ride?.confirmed) return false;
    try {
      await this.refunds.refund(payment.id, 'cartNeverConfirmed');
    } catch (error) {
      this.log.error({ err: error, paymentId: payment.id }, 'refunding an unconfirmed paid unlock failed');
      return false;
    }
    this.log.warn({ paymentId: payment.id, rideEnded: ended.length > 0, why }, 'paid unlock refunded');
    return true;
  }

  /** Confirms the unconfirmed, open ride matching `which`; the cart is in use from now. */
  private async confirm(which: SQL): Promise<boolean> {
    const [ride] = await this.db
      .update(rides)
      .set({ confirmed: true, start: sql`now()`, updatedAt: sql`now()` })
      .where(and(which, eq(rides.confirmed, false), ne(rides.status, 'ended')))
      .returning();
    if (!ride) return false;
    const [device] = await this.db
      .update(devices)
      .set({ inUse: true, updatedAt: sql`now()` })
      .where(eq(devices.id, ride.deviceId))
      .returning();
    if (device) this.bus.emit('device.updated', toCartView(device));
    this.log.info({ rideId: ride.id, paymentId: ride.paymentId }, 'paid ride confirmed by the cart');
    return true;
  }
}
