import { and, eq, lte } from 'drizzle-orm';
import {
  cardExpiryValid,
  SANDBOX_CARDS,
  type SandboxCheckoutView,
  type SandboxPayBody,
} from '@fairway/domain';
import type { Db } from '../../../db/client';
import { HttpError, notFound } from '../../../lib/errors';
import type { DbExecutor } from '../../../db/client';
import type { CheckoutInput } from '../payment-provider';
import {
  checkoutSessionObject,
  declinedPaymentIntentObject,
  sandboxEvent,
  type SandboxSession,
} from './sandbox-events';
import { sandboxProcessingFee } from './sandbox-fees';
import { newSandboxId, type SandboxAddressesFor } from './sandbox-ids';
import type { SandboxWebhooks } from './sandbox-webhooks';
import { sandboxAccounts, sandboxCheckoutSessions as sessions } from '../../../db/tables/sandbox';

/** The refusals of the card form, worded as Stripe's checkout words them; `code` is for the page. */
export const CHECKOUT_REFUSALS = {
  cardExpired: () => new HttpError(400, 'Your card has expired.', 'cardExpired'),
  notTestCard: () =>
    new HttpError(400, 'This sandbox takes only test cards (4242 4242 4242 4242).', 'notTestCard'),
  cardDeclined: () => new HttpError(402, 'Your card was declined.', 'cardDeclined'),
  checkoutClosed: () => new HttpError(409, 'This checkout is no longer open.', 'checkoutClosed'),
};

const TEST_CARDS: readonly string[] = Object.values(SANDBOX_CARDS);

/** What a pay attempt did; its events are sent once the transaction committed, whatever the outcome. */
type PayOutcome =
  | { paid: true; redirectUrl: string; eventIds: string[] }
  | { paid: false; refusal: HttpError; eventIds: string[] };

/**
 * The sandbox's hosted checkout (Stripe Checkout): sessions the platform creates on a club's account, and
 * what the checkout page does with them. Every change and the event reporting it commit together.
 */
export class SandboxCheckouts {
  constructor(
    private readonly db: Db,
    private readonly webhooks: SandboxWebhooks,
    private readonly addresses: SandboxAddressesFor,
  ) {}

  /** Refuses, as Stripe would, an unknown account or one that cannot take payments yet. */
  async create(input: CheckoutInput): Promise<{ sessionId: string; url: string }> {
    const [account] = await this.db
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.id, input.accountId));
    if (!account) throw new Error(`No such account: '${input.accountId}'`);
    if (!account.active)
      throw new Error(
        `The account ${input.accountId} cannot take card payments yet: its onboarding is not complete`,
      );
    if (!Number.isInteger(input.amount) || input.amount <= 0)
      throw new Error(
        `A checkout amount must be a positive whole number of minor units, not ${input.amount}`,
      );
    const id = newSandboxId.checkout();
    await this.db.insert(sessions).values({
      id,
      accountId: input.accountId,
      amount: input.amount,
      currency: input.currency.toUpperCase(),
      applicationFee: input.applicationFee,
      productName: input.productName,
      description: input.description,
      customerEmail: input.customerEmail,
      clientReferenceId: input.clientReferenceId,
      metadata: input.metadata,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      expiresAt: input.expiresAt,
    });
    return { sessionId: id, url: this.addresses(input.successUrl).checkoutPage(id) };
  }

  /** The checkout page's view. An open session past its expiry is expired first, as Stripe's is by then. */
  async view(id: string, now = new Date()): Promise<SandboxCheckoutView> {
    await this.expirePastDue(id, now);
    const [row] = await this.db
      .select({ session: sessions, businessName: sandboxAccounts.businessName })
      .from(sessions)
      .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sessions.accountId))
      .where(eq(sessions.id, id));
    if (!row) throw notFound('Unknown checkout');
    const { session } = row;
    return {
      id: session.id,
      status: session.status,
      businessName: row.businessName,
      productName: session.productName,
      description: session.description,
      amount: session.amount,
      currency: session.currency,
      customerEmail: session.customerEmail,
      cancelUrl: session.cancelUrl,
      expiresAt: session.expiresAt.toISOString(),
    };
  }

  /**
   * The card form's submit. The session row is locked for the attempt, so of two concurrent payments one
   * completes it and the other finds it closed.
   */
  async pay(id: string, card: SandboxPayBody, now = new Date()): Promise<{ redirectUrl: string }> {
    const outcome = await this.db.transaction(async (tx): Promise<PayOutcome> => {
      const [session] = await tx.select().from(sessions).where(eq(sessions.id, id)).for('update');
      if (!session) throw notFound('Unknown checkout');
      if (session.status === 'open' && session.expiresAt <= now)
        return {
          paid: false,
          refusal: CHECKOUT_REFUSALS.checkoutClosed(),
          eventIds: [await this.markExpired(tx, session, now)],
        };
      if (session.status !== 'open') throw CHECKOUT_REFUSALS.checkoutClosed();
      if (!cardExpiryValid(card.expiry, now)) throw CHECKOUT_REFUSALS.cardExpired();
      if (!TEST_CARDS.includes(card.cardNumber)) throw CHECKOUT_REFUSALS.notTestCard();
      if (card.cardNumber === SANDBOX_CARDS.declined)
        return {
          paid: false,
          refusal: CHECKOUT_REFUSALS.cardDeclined(),
          eventIds: [await this.decline(tx, session, now)],
        };
      return this.complete(tx, session, card, now);
    });
    this.webhooks.sendSoon(outcome.eventIds);
    if (!outcome.paid) throw outcome.refusal;
    return { redirectUrl: outcome.redirectUrl };
  }

  /** The page's back link: the session stays open until it expires, as Stripe's does. */
  async cancel(id: string): Promise<{ redirectUrl: string }> {
    const [session] = await this.db
      .select({ cancelUrl: sessions.cancelUrl })
      .from(sessions)
      .where(eq(sessions.id, id));
    if (!session) throw notFound('Unknown checkout');
    return { redirectUrl: session.cancelUrl };
  }

  /** The platform ends a session: an open one expires; a paid or expired one is left as it is. */
  async expire(accountId: string, id: string, now = new Date()): Promise<void> {
    const eventIds = await this.db.transaction(async (tx) => {
      const [session] = await tx
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.accountId, accountId)))
        .for('update');
      if (!session) throw new Error(`No such checkout session: '${id}'`);
      return session.status === 'open' ? [await this.markExpired(tx, session, now)] : [];
    });
    this.webhooks.sendSoon(eventIds);
  }

  /** Expires every open session whose time is up, as Stripe does on its own; answers how many. */
  async expireDue(now = new Date(), limit = 100): Promise<number> {
    const due = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.status, 'open'), lte(sessions.expiresAt, now)))
      .limit(limit);
    let expired = 0;
    for (const { id } of due) if (await this.expirePastDue(id, now)) expired += 1;
    return expired;
  }

  private async expirePastDue(id: string, now: Date): Promise<boolean> {
    const eventIds = await this.db.transaction(async (tx) => {
      // The lock re-checks the condition, so a session paid meanwhile is not expired.
      const [session] = await tx
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.status, 'open'), lte(sessions.expiresAt, now)))
        .for('update');
      return session ? [await this.markExpired(tx, session, now)] : [];
    });
    this.webhooks.sendSoon(eventIds);
    return eventIds.length > 0;
  }

  private async markExpired(tx: DbExecutor, session: SandboxSession, now: Date): Promise<string> {
    const [expired] = await tx
      .update(sessions)
      .set({ status: 'expired' })
      .where(eq(sessions.id, session.id))
      .returning();
    const object = checkoutSessionObject(
      expired!,
      this.addresses(session.successUrl).checkoutPage(session.id),
    );
    return this.webhooks.enqueue(
      tx,
      sandboxEvent('checkout.session.expired', session.accountId, object, now),
    );
  }

  /**
   * A declined card leaves the session open and payable. Its payment intent exists from the first attempt
   * on, as with Stripe, so a later successful payment carries the same id as the failure reported.
   */
  private async decline(tx: DbExecutor, session: SandboxSession, now: Date): Promise<string> {
    const paymentIntentId = session.paymentIntentId ?? newSandboxId.paymentIntent();
    if (!session.paymentIntentId)
      await tx.update(sessions).set({ paymentIntentId }).where(eq(sessions.id, session.id));
    const { message } = CHECKOUT_REFUSALS.cardDeclined();
    const object = declinedPaymentIntentObject(session, paymentIntentId, message, now);
    return this.webhooks.enqueue(
      tx,
      sandboxEvent('payment_intent.payment_failed', session.accountId, object, now),
    );
  }

  private async complete(
    tx: DbExecutor,
    session: SandboxSession,
    card: SandboxPayBody,
    now: Date,
  ): Promise<PayOutcome> {
    const [paid] = await tx
      .update(sessions)
      .set({
        status: 'complete',
        paymentIntentId: session.paymentIntentId ?? newSandboxId.paymentIntent(),
        chargeId: newSandboxId.charge(),
        processingFee: sandboxProcessingFee(session.amount),
        cardLast4: card.cardNumber.slice(-4),
        completedAt: now,
      })
      .where(eq(sessions.id, session.id))
      .returning();
    const object = checkoutSessionObject(
      paid!,
      this.addresses(session.successUrl).checkoutPage(session.id),
      card.name,
    );
    const eventId = await this.webhooks.enqueue(
      tx,
      sandboxEvent('checkout.session.completed', session.accountId, object, now),
    );
    // Stripe replaces this literal in the success address with the session's id.
    const redirectUrl = paid!.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    return { paid: true, redirectUrl, eventIds: [eventId] };
  }
}
