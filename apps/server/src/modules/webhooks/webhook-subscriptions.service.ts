import {
  WEBHOOK_LIMITS,
  type WebhookDeliveriesPage,
  type WebhookDeliveriesQuery,
  type WebhookDeliveryView,
  type WebhookEventType,
  type WebhookSubscriptionBody,
  type WebhookSubscriptionUpdateBody,
  type WebhookSubscriptionView,
  type WebhookSubscriptionWithSecret,
} from '@fairway/domain';
import { HttpError } from '../../lib/errors';
import { randomToken } from '../../lib/tokens';
import type { WebhookOutbox } from './webhook-outbox';
import { isPrivateAddress, literalAddress } from './webhook-sender';
import {
  toWebhookDeliveryView,
  toWebhookSubscriptionView,
  toWebhookSubscriptionWithSecret,
} from './webhooks.presenter';
import type { SubscriptionChanges, WebhooksRepository } from './webhooks.repository';

const clientNotFound = () => new HttpError(404, 'Client not found', 'clientNotFound');
const subscriptionNotFound = () => new HttpError(404, 'Webhook subscription not found', 'webhookNotFound');
const deliveryNotFound = () => new HttpError(404, 'Delivery not found', 'deliveryNotFound');

/** A signing secret in Stripe's form: `whsec_` and 32 random bytes. Kept as is: it signs every delivery. */
const newSecret = () => `whsec_${randomToken(32)}`;
const unique = (events: WebhookEventType[]) => [...new Set(events)];

/**
 * An API client's webhook subscriptions (issue 23 item 2), for the console (a superadmin names the client)
 * and for the client itself on the client API (its key names it): the same rules either way. Everything is
 * read with the client's id, so another client's subscription answers 404 like a missing one.
 */
export class WebhookSubscriptionsService {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly outbox: WebhookOutbox,
    private readonly allowPrivate: boolean,
  ) {}

  async list(clientId: string): Promise<WebhookSubscriptionView[]> {
    if (!(await this.repo.clientExists(clientId))) throw clientNotFound();
    return (await this.repo.listOfClient(clientId)).map(toWebhookSubscriptionView);
  }

  /**
   * One of the client's sites, at most `WEBHOOK_LIMITS.perClient` per client (counted with the client's row
   * locked, so two concurrent requests cannot both take the last place). Answers the secret, this once.
   */
  async create(clientId: string, body: WebhookSubscriptionBody): Promise<WebhookSubscriptionWithSecret> {
    this.checkAddress(body.url);
    const row = await this.repo.atomically(async (repo) => {
      const sites = await repo.lockClient(clientId);
      if (!sites) throw clientNotFound();
      if (!sites.includes(body.siteId) || !(await repo.lockSite(body.siteId)))
        throw new HttpError(400, "siteId: The site is not one of this client's sites", 'siteNotOfClient');
      if ((await repo.countOfClient(clientId)) >= WEBHOOK_LIMITS.perClient)
        throw new HttpError(
          409,
          `A client may have at most ${WEBHOOK_LIMITS.perClient} webhook subscriptions`,
          'webhookLimit',
        );
      return repo.insert({
        clientId,
        siteId: body.siteId,
        url: body.url,
        events: unique(body.events),
        secret: newSecret(),
        enabled: body.enabled ?? true,
      });
    });
    this.outbox.forgetSubscriptions();
    return toWebhookSubscriptionWithSecret(row);
  }

  /** Switching a subscription on again clears its run of failures and why it was switched off. */
  async update(
    clientId: string,
    id: string,
    body: WebhookSubscriptionUpdateBody,
  ): Promise<WebhookSubscriptionView> {
    const current = await this.repo.find(clientId, id);
    if (!current) throw subscriptionNotFound();
    if (body.url !== undefined) this.checkAddress(body.url);
    const changes: SubscriptionChanges = {
      ...(body.url === undefined ? {} : { url: body.url }),
      ...(body.events === undefined ? {} : { events: unique(body.events) }),
    };
    if (body.enabled === true && !current.enabled)
      Object.assign(changes, {
        enabled: true,
        disabledReason: null,
        disabledAt: null,
        consecutiveFailures: 0,
      });
    if (body.enabled === false && current.enabled)
      // Switched off by hand: no reason, which tells it apart from an automatic switch-off.
      Object.assign(changes, { enabled: false, disabledReason: null, disabledAt: new Date() });
    if (Object.keys(changes).length === 0) return toWebhookSubscriptionView(current);
    const row = await this.repo.update(clientId, id, changes);
    if (!row) throw subscriptionNotFound();
    this.outbox.forgetSubscriptions();
    return toWebhookSubscriptionView(row);
  }

  async remove(clientId: string, id: string): Promise<void> {
    if (!(await this.repo.delete(clientId, id))) throw subscriptionNotFound();
    this.outbox.forgetSubscriptions();
  }

  /** A new signing secret, answered this once; the old one signs nothing from now on. */
  async rotateSecret(clientId: string, id: string): Promise<WebhookSubscriptionWithSecret> {
    const row = await this.repo.update(clientId, id, { secret: newSecret() });
    if (!row) throw subscriptionNotFound();
    return toWebhookSubscriptionWithSecret(row);
  }

  async deliveries(
    clientId: string,
    id: string,
    query: WebhookDeliveriesQuery,
  ): Promise<WebhookDeliveriesPage> {
    if (!(await this.repo.find(clientId, id))) throw subscriptionNotFound();
    const { rows, total } = await this.repo.deliveriesPage(id, {
      status: query.status,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return { deliveries: rows.map(toWebhookDeliveryView), total };
  }

  /**
   * Sends a delivery again, with its event id (the receiver's idempotency key): pending again and a new
   * 24-hour cycle of its job, written together.
   */
  async resend(
    clientId: string,
    id: string,
    deliveryId: string,
    now = new Date(),
  ): Promise<WebhookDeliveryView> {
    const row = await this.repo.atomically(async (repo) => {
      const subscription = await repo.find(clientId, id);
      if (!subscription) throw subscriptionNotFound();
      if (!(await repo.findDelivery(id, deliveryId))) throw deliveryNotFound();
      if (!subscription.enabled)
        throw new HttpError(409, 'Switch the subscription on before sending again', 'webhookDisabled');
      const pending = await repo.markPending(deliveryId, now);
      await repo.scheduleDeliveries([deliveryId], now);
      return pending!;
    });
    return toWebhookDeliveryView(row);
  }

  /**
   * Where private addresses may not be called, an address that is plainly one is refused when saved; a
   * name is checked again at every attempt (what it resolves to may change).
   */
  private checkAddress(url: string): void {
    if (this.allowPrivate) return;
    const { hostname } = new URL(url);
    const literal = literalAddress(hostname);
    if (hostname === 'localhost' || hostname.endsWith('.localhost') || (literal && isPrivateAddress(literal)))
      throw new HttpError(
        400,
        'url: The address must be reachable from the internet: private network addresses are not called',
        'privateAddress',
      );
  }
}
