import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../../db/client';
import { signStripeStyle } from '../../../lib/stripe-style-signature';
import type { DbExecutor } from '../../../db/client';
import type { StripeShapedEvent } from './sandbox-events';
import { sandboxWebhookDeliveries as deliveries } from '../../../db/tables/sandbox';

export const WEBHOOK_DELIVERY = {
  /** rows sent per run, one after another, oldest first */
  batchSize: 20,
  /** how long the platform may take to answer one event */
  timeoutMs: 10_000,
  /**
   * A claimed row is not due again for this long, so a concurrent run (another call, another instance)
   * leaves it alone. Rows are claimed one at a time, so this covers one delivery (its timeout and a
   * margin): if the process dies mid-send, the event is sent again seconds later, not minutes (issue #15).
   */
  leaseSeconds: 15,
  /** retry delay after the n-th failed attempt: 2^n seconds, at most an hour */
  maxBackoffSeconds: 3_600,
} as const;

type Delivery = typeof deliveries.$inferSelect;

/**
 * The sandbox's webhook sender, durable as Stripe's: an event is a row written in the same transaction as
 * the change it reports, sent signed to the platform's endpoint, and retried with exponential backoff until
 * the endpoint answers 2xx. Rows wait until `deliverTo` names the endpoint (the server listens), so events
 * made before, or before a restart, are sent later; a delivered row is never sent again.
 */
export class SandboxWebhooks {
  private target: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly log: Logger,
  ) {}

  deliverTo(url: string): void {
    this.target = url;
  }

  /** Stores an event for delivery, within the caller's transaction. Answers its id. */
  async enqueue(tx: DbExecutor, event: StripeShapedEvent): Promise<string> {
    await tx.insert(deliveries).values({
      eventId: event.id,
      accountId: event.account,
      type: event.type,
      payload: JSON.stringify(event),
    });
    return event.id;
  }

  /**
   * Tries events at once after the transaction that stored them committed, without making the caller (a
   * guest's browser waiting for its redirect) wait for the platform. A failure is left to `deliverDue`.
   */
  sendSoon(eventIds: string[]): void {
    if (eventIds.length === 0) return;
    this.deliver(inArray(deliveries.eventId, eventIds)).catch((error: unknown) =>
      this.log.error({ err: error, eventIds }, 'sandbox webhook delivery failed'),
    );
  }

  /**
   * Sends every event that is due (never sent, or its retry time has come); answers how many were delivered.
   * `accountIds` limits it to those accounts' events (tests sharing one database keep to their own).
   */
  deliverDue(accountIds?: string[]): Promise<number> {
    return this.deliver(accountIds ? inArray(deliveries.accountId, accountIds) : undefined);
  }

  private async deliver(only?: SQL): Promise<number> {
    const target = this.target;
    if (!target) return 0;
    let delivered = 0;
    for (let sent = 0; sent < WEBHOOK_DELIVERY.batchSize; sent++) {
      const row = await this.claimNext(only);
      if (!row) break;
      if (await this.send(target, row)) delivered += 1;
    }
    return delivered;
  }

  /**
   * Takes the oldest due row for a lease (`FOR UPDATE SKIP LOCKED`), so no concurrent run sends it as well.
   * One row at a time: a lease only has to cover the delivery under way, never a queue behind it.
   */
  private async claimNext(only?: SQL): Promise<Delivery | null> {
    const due = this.db
      .select({ eventId: deliveries.eventId })
      .from(deliveries)
      .where(and(isNull(deliveries.deliveredAt), lte(deliveries.nextAttemptAt, sql`now()`), only))
      .orderBy(asc(deliveries.createdAt), asc(deliveries.eventId))
      .limit(1)
      .for('update', { skipLocked: true });
    const [claimed] = await this.db
      .update(deliveries)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${WEBHOOK_DELIVERY.leaseSeconds})` })
      .where(inArray(deliveries.eventId, due))
      .returning();
    return claimed ?? null;
  }

  /** One attempt, signed afresh (Stripe refuses a signature older than five minutes). */
  private async send(target: string, row: Delivery): Promise<boolean> {
    const attempts = row.attempts + 1;
    let failure: string;
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // Signed by Fairway's one implementation, verified by Stripe's package (webhook-signature.ts):
          // that the platform accepts it proves the sandbox really speaks Stripe's format.
          'stripe-signature': signStripeStyle(row.payload, this.secret),
        },
        body: row.payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_DELIVERY.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) {
        await this.db
          .update(deliveries)
          .set({ deliveredAt: sql`now()`, attempts, lastError: null })
          .where(eq(deliveries.eventId, row.eventId));
        return true;
      }
      failure = `HTTP ${response.status}`;
    } catch (error) {
      failure = describeNetworkError(error);
    }
    const backoff = Math.min(2 ** attempts, WEBHOOK_DELIVERY.maxBackoffSeconds);
    await this.db
      .update(deliveries)
      .set({ attempts, lastError: failure, nextAttemptAt: sql`now() + make_interval(secs => ${backoff})` })
      .where(and(eq(deliveries.eventId, row.eventId), isNull(deliveries.deliveredAt)));
    this.log.warn(
      { eventId: row.eventId, type: row.type, attempts, failure },
      'sandbox webhook not delivered',
    );
    return false;
  }
}

/** fetch reports "fetch failed" and hides the reason (refused, reset, DNS) in `cause`. */
function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
