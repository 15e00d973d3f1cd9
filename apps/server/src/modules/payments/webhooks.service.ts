import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, DbExecutor } from '../../db/client';
import type { OnboardingService } from './onboarding.service';
import { applyPaymentEvent, isPaidSession, sessionIntentId } from './payment-events';
import type { PaymentDetails, PaymentProvider, ProviderEvent } from './payment-provider';
import type { PaymentRow } from './payments.presenter';
import type { PaymentsRepository } from './payments.repository';
import { webhookEvents } from '../../db/tables/payments';

/** What a succeeded payment buys (a ride, a booking); each step must be idempotent per payment. */
export interface PaidPurchase {
  /**
   * What must commit with the payment's success, inside the transaction that records it (a booking becomes
   * paid): it happens exactly once, however often the event is delivered, and never without the payment.
   */
  settle?(tx: DbExecutor, payment: PaymentRow): Promise<void>;
  /** What starts after the commit (a paid ride's unlock, a push); a sweep may call it again. */
  paymentSucceeded(payment: PaymentRow): Promise<void>;
}

/** An event that keeps failing is left for an operator after this many tries (its row says why). */
const MAX_ATTEMPTS = 20;

/**
 * Provider webhooks: verified, stored, then processed exactly once. The event row is written before the
 * provider gets its 200, so a restart between the two loses nothing (the provider redelivers what we did
 * not acknowledge; the sweep processes what we stored but did not finish). Processing locks the event row
 * and marks it processed in the transaction that applied it, so a redelivered or concurrently delivered
 * event changes nothing the second time.
 */
export class WebhooksService {
  constructor(
    private readonly db: Db,
    private readonly payments: PaymentsRepository,
    private readonly provider: PaymentProvider,
    private readonly onboarding: OnboardingService,
    private readonly purchases: PaidPurchase,
    private readonly log: Logger,
  ) {}

  /**
   * Verifies the signature (throws WebhookSignatureError) and stores the event; answers it and whether it
   * was new. A stored duplicate is acknowledged again without being stored twice.
   */
  async receive(
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<{ event: ProviderEvent; isNew: boolean }> {
    const event = this.provider.verifyWebhook(rawBody, signature);
    const inserted = await this.db
      .insert(webhookEvents)
      .values({
        id: event.id,
        provider: this.provider.name,
        type: event.type,
        account: event.account,
        // The event exactly as the provider sent it (Stripe's event shape, of which ProviderEvent is a part).
        payload: JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>,
      })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    return { event, isNew: inserted.length > 0 };
  }

  /** Processes a stored event unless it already was; errors are recorded on the row for the sweep. */
  async process(eventId: string): Promise<void> {
    const [stored] = await this.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
    if (!stored || stored.processedAt) return;
    const raw = stored.payload as unknown as ProviderEvent;
    const event: ProviderEvent = { ...raw, account: raw.account ?? null };
    try {
      if (event.type === 'account.updated') {
        // The provider's own word on the account, read fresh: the event may be older than the state.
        await this.onboarding.accountUpdated(event.account ?? String(event.data.object.id));
      }
      const details = await this.detailsFor(event);
      const succeeded = await this.db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: webhookEvents.id })
          .from(webhookEvents)
          .where(and(eq(webhookEvents.id, eventId), isNull(webhookEvents.processedAt)))
          .for('update');
        if (!locked) return null;
        const payment = await applyPaymentEvent(this.payments.in(tx), event, details, this.log);
        if (payment) await this.purchases.settle?.(tx, payment);
        await tx
          .update(webhookEvents)
          .set({ processedAt: sql`now()`, attempts: sql`${webhookEvents.attempts} + 1`, lastError: null })
          .where(eq(webhookEvents.id, eventId));
        return payment;
      });
      if (succeeded) await this.purchases.paymentSucceeded(succeeded);
    } catch (error) {
      this.log.error({ err: error, eventId, type: event.type }, 'processing a webhook failed; retried later');
      await this.db
        .update(webhookEvents)
        .set({
          attempts: sql`${webhookEvents.attempts} + 1`,
          lastError: error instanceof Error ? error.message : String(error),
        })
        .where(eq(webhookEvents.id, eventId));
    }
  }

  /** The sweep: stored events not processed within `olderThanMs` (a crash, a failed attempt) run again. */
  async processPending(olderThanMs: number): Promise<number> {
    const pending = await this.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(
        and(
          isNull(webhookEvents.processedAt),
          lt(webhookEvents.receivedAt, new Date(Date.now() - olderThanMs)),
          lt(webhookEvents.attempts, MAX_ATTEMPTS),
        ),
      )
      .orderBy(webhookEvents.receivedAt)
      .limit(100);
    for (const { id } of pending) await this.process(id);
    return pending.length;
  }

  /** Fees and receipt of a paid session, read from the provider before the ledger transaction. */
  private async detailsFor(event: ProviderEvent): Promise<PaymentDetails | null> {
    if (!isPaidSession(event)) return null;
    const intent = sessionIntentId(event.data.object);
    const account = event.account ?? (await this.accountOfSession(String(event.data.object.id)));
    if (!intent || !account) return null;
    return this.provider.paymentDetails(account, intent);
  }

  private async accountOfSession(sessionId: string): Promise<string | null> {
    const row = await this.payments.findBySession(sessionId);
    return row?.providerAccountId ?? null;
  }
}
