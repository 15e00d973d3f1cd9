import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { WebhookDeliveryStatus, WebhookEventType } from '@fairway/domain';
import type { DbExecutor } from '../../db/client';
import { activity } from '../../db/tables/activity';
import { apiClients } from '../../db/tables/api-clients';
import { bookings } from '../../db/tables/bookings';
import { devices, type DeviceRow } from '../../db/tables/devices';
import { scheduledJobs } from '../../db/tables/jobs';
import { payments } from '../../db/tables/payments';
import { rides } from '../../db/tables/rides';
import { sites } from '../../db/tables/sites';
import { users } from '../../db/tables/users';
import { webhookDeliveries, webhookSubscriptions } from '../../db/tables/webhooks';
import type { PaymentRow } from '../payments/payments.presenter';
import {
  DELIVERY_JOB_PREFIX,
  WEBHOOK_DELIVERY_JOB,
  deliveryJobKey,
  type DeliveryCycle,
} from './webhook-job-keys';

export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDelivery = Pick<
  typeof webhookDeliveries.$inferInsert,
  'subscriptionId' | 'eventId' | 'eventType' | 'payload' | 'nextAttemptAt'
>;
export type SubscriptionChanges = Partial<
  Pick<
    WebhookSubscriptionRow,
    'url' | 'events' | 'secret' | 'enabled' | 'disabledReason' | 'disabledAt' | 'consecutiveFailures'
  >
>;

/** What one attempt records on its delivery. */
export interface AttemptOutcome {
  status: WebhookDeliveryStatus;
  statusCode: number | null;
  error: string | null;
  at: Date;
  nextAttemptAt: Date | null;
}

/** Card refunds are possible for 180 days: the catch-up looks for refunds of payments no older than that. */
const REFUNDABLE_DAYS = 180;
/** A ride that ends has started within this (the round timeout ends any before): bounds the catch-up's scan. */
const RIDE_SPAN_DAYS = 7;

/**
 * Webhook subscriptions and their delivery log (tables webhook_subscriptions, webhook_deliveries), their
 * durable jobs, and what the catch-up reads of rides, bookings, carts and payments. Everything of a client
 * is read and written with the client's id, so another client's subscription is simply not found.
 */
export class WebhooksRepository {
  constructor(private readonly db: DbExecutor) {}

  in(db: DbExecutor): WebhooksRepository {
    return new WebhooksRepository(db);
  }

  /** `work` in a transaction of its own (a savepoint when bound to one already). */
  atomically<T>(work: (repo: WebhooksRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(this.in(tx)));
  }

  // ---- subscriptions ----------------------------------------------------------------------------------

  listOfClient(clientId: string): Promise<WebhookSubscriptionRow[]> {
    return this.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.clientId, clientId))
      .orderBy(asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id));
  }

  async find(clientId: string, id: string): Promise<WebhookSubscriptionRow | null> {
    const [row] = await this.db
      .select()
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.clientId, clientId), eq(webhookSubscriptions.id, id)));
    return row ?? null;
  }

  /**
   * The client's sites with its row locked, so concurrent creations count the client's subscriptions one
   * after another (the limit holds); null when there is no such client.
   */
  async lockClient(clientId: string): Promise<string[] | null> {
    const [row] = await this.db
      .select({ sites: apiClients.sites })
      .from(apiClients)
      .where(eq(apiClients.id, clientId))
      .for('update');
    return row?.sites ?? null;
  }

  async clientExists(clientId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: apiClients.id })
      .from(apiClients)
      .where(eq(apiClients.id, clientId));
    return row !== undefined;
  }

  /** A club (the staging site is none), locked against its deletion until the subscription is stored. */
  async lockSite(siteId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.id, siteId), eq(sites.staging, false)))
      .for('share');
    return row !== undefined;
  }

  async countOfClient(clientId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.clientId, clientId));
    return row?.n ?? 0;
  }

  async insert(
    values: Pick<WebhookSubscriptionRow, 'clientId' | 'siteId' | 'url' | 'events' | 'secret' | 'enabled'>,
  ): Promise<WebhookSubscriptionRow> {
    const [row] = await this.db
      .insert(webhookSubscriptions)
      .values({ ...values, disabledAt: values.enabled ? null : sql`now()` })
      .returning();
    return row!;
  }

  async update(
    clientId: string,
    id: string,
    changes: SubscriptionChanges,
  ): Promise<WebhookSubscriptionRow | null> {
    const [row] = await this.db
      .update(webhookSubscriptions)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(webhookSubscriptions.clientId, clientId), eq(webhookSubscriptions.id, id)))
      .returning();
    return row ?? null;
  }

  /** Deletes it with its delivery log (foreign key) and their jobs, which would only find nothing. */
  async delete(clientId: string, id: string): Promise<boolean> {
    return this.atomically(async (repo) => {
      const [found] = await repo.db
        .select({ id: webhookSubscriptions.id })
        .from(webhookSubscriptions)
        .where(and(eq(webhookSubscriptions.clientId, clientId), eq(webhookSubscriptions.id, id)))
        .for('update');
      if (!found) return false;
      await repo.db.execute(sql`
        delete from ${scheduledJobs} where ${scheduledJobs.key} in (
          select ${DELIVERY_JOB_PREFIX} || ${webhookDeliveries.id}::text from ${webhookDeliveries}
          where ${webhookDeliveries.subscriptionId} = ${id})`);
      await repo.db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
      return true;
    });
  }

  /**
   * The enabled subscriptions of a site to `type` made no later than the event happened, of clients that
   * still reach the site (a site taken off a client's key takes its events with it). Made no later to the
   * second: payment providers give their times in whole seconds, and a payment made in the second a
   * subscription was made must not look older than it.
   */
  subscribers(
    siteId: string,
    type: WebhookEventType,
    occurredAt: Date,
  ): Promise<Array<{ id: string; clientId: string }>> {
    return this.db
      .select({ id: webhookSubscriptions.id, clientId: webhookSubscriptions.clientId })
      .from(webhookSubscriptions)
      .innerJoin(apiClients, eq(apiClients.id, webhookSubscriptions.clientId))
      .where(
        and(
          eq(webhookSubscriptions.siteId, siteId),
          eq(webhookSubscriptions.enabled, true),
          sql`${type} = any(${webhookSubscriptions.events})`,
          sql`${webhookSubscriptions.siteId} = any(${apiClients.sites})`,
          lte(sql`date_trunc('second', ${webhookSubscriptions.createdAt})`, occurredAt),
        ),
      );
  }

  /** Every site with an enabled subscription, and the event types subscribed there. */
  async subscribedTypes(): Promise<Map<string, Set<WebhookEventType>>> {
    const rows = await this.db
      .select({ siteId: webhookSubscriptions.siteId, events: webhookSubscriptions.events })
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.enabled, true));
    const bySite = new Map<string, Set<WebhookEventType>>();
    for (const row of rows) {
      const types = bySite.get(row.siteId) ?? new Set<WebhookEventType>();
      for (const type of row.events) types.add(type);
      bySite.set(row.siteId, types);
    }
    return bySite;
  }

  /** The subscription's row locked: failures that end a cycle are counted one at a time. */
  async lockSubscription(id: string): Promise<WebhookSubscriptionRow | null> {
    const [row] = await this.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, id))
      .for('update');
    return row ?? null;
  }

  async setFailures(id: string, changes: SubscriptionChanges): Promise<void> {
    await this.db
      .update(webhookSubscriptions)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(webhookSubscriptions.id, id));
  }

  /** A delivered event ends the run of failed cycles (a no-op when there was none). */
  async clearFailures(id: string): Promise<void> {
    await this.db
      .update(webhookSubscriptions)
      .set({ consecutiveFailures: 0 })
      .where(and(eq(webhookSubscriptions.id, id), sql`${webhookSubscriptions.consecutiveFailures} > 0`));
  }

  // ---- deliveries -------------------------------------------------------------------------------------

  /** Stores deliveries, skipping an event a subscription already has; answers the new ones' ids. */
  async insertDeliveries(rows: NewWebhookDelivery[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const inserted = await this.db
      .insert(webhookDeliveries)
      .values(rows)
      .onConflictDoNothing({ target: [webhookDeliveries.subscriptionId, webhookDeliveries.eventId] })
      .returning({ id: webhookDeliveries.id });
    return inserted.map((row) => row.id);
  }

  /**
   * Deletes up to `limit` finished deliveries (succeeded or failed) made before `before`, oldest first, by
   * the `created_at` index; answers how many. Pending ones stay until their cycle ends.
   */
  async pruneDeliveries(before: Date, limit: number): Promise<number> {
    const result = await this.db.execute(sql`
      DELETE FROM webhook_deliveries WHERE id IN (
        SELECT id FROM webhook_deliveries
        WHERE created_at < ${before.toISOString()}::timestamptz AND status <> 'pending'
        ORDER BY created_at LIMIT ${limit})`);
    return result.rowCount ?? 0;
  }

  /**
   * Each delivery's job (`webhook-delivery:<id>`) due at `runAt`, starting a cycle. A job that exists is
   * moved (a resend) and released from a runner that may hold it, so that runner's finish cannot undo it.
   */
  async scheduleDeliveries(ids: string[], runAt: Date): Promise<void> {
    if (ids.length === 0) return;
    const cycle: DeliveryCycle = { cycleStart: runAt.toISOString(), attempt: 0 };
    await this.db
      .insert(scheduledJobs)
      .values(
        ids.map((id) => ({
          key: deliveryJobKey(id),
          kind: WEBHOOK_DELIVERY_JOB,
          runAt,
          payload: { ...cycle },
        })),
      )
      .onConflictDoUpdate({
        target: scheduledJobs.key,
        set: {
          runAt,
          payload: { ...cycle },
          attempts: 0,
          lastError: null,
          lockedBy: null,
          lockedUntil: null,
        },
      });
  }

  async deliveriesPage(
    subscriptionId: string,
    filter: { status?: WebhookDeliveryStatus; offset: number; limit: number },
  ): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
    const where = and(
      eq(webhookDeliveries.subscriptionId, subscriptionId),
      filter.status ? eq(webhookDeliveries.status, filter.status) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .offset(filter.offset)
        .limit(filter.limit),
      this.db.select({ n: count() }).from(webhookDeliveries).where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  async findDelivery(subscriptionId: string, id: string): Promise<WebhookDeliveryRow | null> {
    const [row] = await this.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.id, id)));
    return row ?? null;
  }

  /** A delivery with the subscription it goes to, as an attempt reads them. */
  async attemptTarget(
    id: string,
  ): Promise<{ delivery: WebhookDeliveryRow; subscription: WebhookSubscriptionRow } | null> {
    const [row] = await this.db
      .select({ delivery: webhookDeliveries, subscription: webhookSubscriptions })
      .from(webhookDeliveries)
      .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
      .where(eq(webhookDeliveries.id, id));
    return row ?? null;
  }

  /** Records an attempt (or, with `counted: false`, an ending without one: the subscription is off). */
  async recordAttempt(
    id: string,
    outcome: AttemptOutcome,
    counted = true,
  ): Promise<WebhookDeliveryRow | null> {
    const [row] = await this.db
      .update(webhookDeliveries)
      .set({
        status: outcome.status,
        ...(counted
          ? {
              attempts: sql`${webhookDeliveries.attempts} + 1`,
              lastStatusCode: outcome.statusCode,
              lastAttemptAt: outcome.at,
            }
          : {}),
        lastError: outcome.error,
        nextAttemptAt: outcome.nextAttemptAt,
        ...(outcome.status === 'succeeded' ? { deliveredAt: outcome.at } : {}),
      })
      .where(eq(webhookDeliveries.id, id))
      .returning();
    return row ?? null;
  }

  /** A resend: pending again, due now. */
  async markPending(id: string, at: Date): Promise<WebhookDeliveryRow | null> {
    const [row] = await this.db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: at })
      .where(eq(webhookDeliveries.id, id))
      .returning();
    return row ?? null;
  }

  // ---- the notice of a disabled subscription ----------------------------------------------------------

  async recordActivity(entry: typeof activity.$inferInsert): Promise<void> {
    await this.db.insert(activity).values(entry);
  }

  /** The names a notice shows: the client's and the site's. */
  async names(clientId: string, siteId: string): Promise<{ clientName: string; siteName: string }> {
    const [row] = await this.db
      .select({ clientName: apiClients.name, siteName: sites.name })
      .from(apiClients)
      .innerJoin(sites, eq(sites.id, siteId))
      .where(eq(apiClients.id, clientId));
    return row ?? { clientName: clientId, siteName: siteId };
  }

  /** Who is told: every superadmin, in their own language. */
  superadmins(): Promise<Array<{ email: string; lang: string }>> {
    return this.db
      .select({ email: users.email, lang: users.lang })
      .from(users)
      .where(eq(users.role, 'superadmin'))
      .orderBy(asc(users.email));
  }

  // ---- what the catch-up notices again ----------------------------------------------------------------

  /** Confirmed rides of the sites that started or ended in [from, to]. */
  async ridesSince(siteIds: string[], from: Date, to: Date): Promise<string[]> {
    if (siteIds.length === 0) return [];
    const earliestStart = new Date(from.getTime() - RIDE_SPAN_DAYS * 86_400_000);
    const rows = await this.db
      .select({ id: rides.id })
      .from(rides)
      .where(
        and(
          inArray(rides.siteId, siteIds),
          gte(rides.start, earliestStart),
          eq(rides.confirmed, true),
          eq(rides.deleted, false),
          sql`((${rides.start} between ${from} and ${to}) or (${rides.end} between ${from} and ${to}))`,
        ),
      );
    return rows.map((row) => row.id);
  }

  /** Bookings of the sites stored (made or changed) in [from, to] (index bookings_site_updated_idx). */
  bookingsSince(siteIds: string[], from: Date, to: Date): Promise<Array<{ id: string; siteId: string }>> {
    if (siteIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: bookings.id, siteId: bookings.siteId })
      .from(bookings)
      .where(
        and(
          inArray(bookings.siteId, siteIds),
          gte(bookings.updatedAt, from),
          lte(bookings.updatedAt, to),
          eq(bookings.bookingType, 'booking'),
        ),
      );
  }

  /** Carts of the sites that went offline in [from, to] and are still offline. */
  cartsOfflineSince(siteIds: string[], from: Date, to: Date): Promise<DeviceRow[]> {
    if (siteIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(devices)
      .where(
        and(
          inArray(devices.siteId, siteIds),
          eq(devices.online, false),
          gte(devices.disconnectedAt, from),
          lte(devices.disconnectedAt, to),
        ),
      );
  }

  /** Payments of the sites refunded in [from, to], wherever the refund was made. */
  paymentsRefundedSince(siteIds: string[], from: Date, to: Date): Promise<PaymentRow[]> {
    if (siteIds.length === 0) return Promise.resolve([]);
    const earliest = new Date(from.getTime() - REFUNDABLE_DAYS * 86_400_000);
    return this.db
      .select()
      .from(payments)
      .where(
        and(
          inArray(payments.siteId, siteIds),
          gte(payments.createdAt, earliest),
          gte(payments.refundedAt, from),
          lte(payments.refundedAt, to),
        ),
      );
  }
}
