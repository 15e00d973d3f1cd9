import type { WebhookEventType } from '@fairway/domain';
import type { DbExecutor } from '../../db/client';
import { webhookEventId, type WebhookEventFact } from './webhook-events';
import type { WebhooksRepository } from './webhooks.repository';

/**
 * How long this process trusts its list of which sites have subscriptions to what. The listeners ask it on
 * every ride, booking and cart change, so it is kept in memory; a subscription made on another instance is
 * seen after this at the latest, and the catch-up job delivers what was missed meanwhile.
 */
const SUBSCRIBED_TYPES_TTL_MS = 10_000;

/**
 * Where every webhook event is stored: one delivery per subscription that wants it, each with its durable
 * job, written together (in the caller's transaction when it passes one: a payment's success and its
 * deliveries commit or roll back together). An event a subscription already has is skipped (unique
 * (subscription, event id)), so noticing an event twice stores it once.
 */
export class WebhookOutbox {
  private subscribed: { at: number; bySite: Promise<Map<string, Set<WebhookEventType>>> } | null = null;

  constructor(private readonly repo: WebhooksRepository) {}

  /** Stores `fact`'s deliveries; answers how many were new. */
  async record(fact: WebhookEventFact, tx?: DbExecutor, now = new Date()): Promise<number> {
    const work = async (repo: WebhooksRepository) => {
      const subscriptions = await repo.subscribers(fact.siteId, fact.type, fact.occurredAt);
      if (subscriptions.length === 0) return 0;
      const id = webhookEventId(fact.type, fact.key);
      const envelope = {
        id,
        type: fact.type,
        created: fact.occurredAt.toISOString(),
        siteId: fact.siteId,
      };
      const ids = await repo.insertDeliveries(
        subscriptions.map((subscription) => ({
          subscriptionId: subscription.id,
          eventId: id,
          eventType: fact.type,
          payload: { ...envelope, data: fact.dataFor(subscription) },
          nextAttemptAt: now,
        })),
      );
      await repo.scheduleDeliveries(ids, now);
      return ids.length;
    };
    // Without the caller's transaction, one of its own: a delivery never exists without its job.
    return tx ? work(this.repo.in(tx)) : this.repo.atomically(work);
  }

  /** Whether any enabled subscription of the site wants one of `types` (from memory, refreshed often). */
  async wants(siteId: string, types: readonly WebhookEventType[]): Promise<boolean> {
    if (!this.subscribed || Date.now() - this.subscribed.at > SUBSCRIBED_TYPES_TTL_MS) {
      const bySite = this.repo.subscribedTypes();
      this.subscribed = { at: Date.now(), bySite };
      // A failed read is not kept: the next question asks the database again.
      bySite.catch(() => {
        if (this.subscribed?.bySite === bySite) this.subscribed = null;
      });
    }
    const subscribed = (await this.subscribed.bySite).get(siteId);
    return subscribed !== undefined && types.some((type) => subscribed.has(type));
  }

  /** The sites with an enabled subscription and the event types wanted there (the catch-up's scope). */
  subscribedSites(): Promise<Map<string, Set<WebhookEventType>>> {
    return this.repo.subscribedTypes();
  }

  /** A subscription was made, changed or deleted here: ask the database next time. */
  forgetSubscriptions(): void {
    this.subscribed = null;
  }
}
