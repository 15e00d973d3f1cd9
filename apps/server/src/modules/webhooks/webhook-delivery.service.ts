import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_LIMITS, WEBHOOK_SIGNATURE_HEADER } from '@fairway/domain';
import type { Logger } from 'pino';
import type { NextRun } from '../../jobs/job-runner';
import { signStripeStyle } from '../../lib/stripe-style-signature';
import type { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/templates';
import type { DeliveryCycle } from './webhook-job-keys';
import type { SendOutcome, WebhookSender } from './webhook-sender';
import type { WebhookDeliveryRow, WebhooksRepository } from './webhooks.repository';

/**
 * The back-off between the attempts of one cycle: a minute after the first failure, doubling up to two
 * hours, so a receiver down for a moment gets its events within minutes and one down for a day is not
 * hammered (about 18 attempts in the 24 hours).
 */
export const WEBHOOK_RETRY = { firstDelayMs: 60_000, maxDelayMs: 2 * 60 * 60_000 } as const;

export const retryDelayMs = (failedAttempts: number): number =>
  Math.min(WEBHOOK_RETRY.firstDelayMs * 2 ** (failedAttempts - 1), WEBHOOK_RETRY.maxDelayMs);

const CYCLE_MS = WEBHOOK_LIMITS.retryHours * 60 * 60_000;
const USER_AGENT = 'Fairway-Webhooks/1';

/**
 * One attempt of one delivery at a time (the job runner's lease keeps it single; the attempt runs outside
 * any transaction, so a slow receiver holds no row). Success ends the delivery and the subscription's run
 * of failures; a failure is retried with back-off until its cycle's 24 hours are spent, and a cycle that
 * ends failed is counted on the subscription under its row lock, so the one that reaches the limit
 * switches it off exactly once, with an activity entry and a mail to every superadmin.
 */
export class WebhookDeliveryService {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly sender: WebhookSender,
    private readonly mail: Mailer,
    private readonly log: Logger,
  ) {}

  /** Attempts the delivery; answers when its job runs next, or null when the delivery is done with. */
  /**
   * Keeps the delivery log to `WEBHOOK_LIMITS.retentionDays`: deletes finished deliveries older than that,
   * in batches so no statement holds many rows; answers whether more are left (the job runs again soon).
   */
  async pruneLog(now = new Date(), batch = 5_000): Promise<{ deleted: number; more: boolean }> {
    const before = new Date(now.getTime() - WEBHOOK_LIMITS.retentionDays * 86_400_000);
    const deleted = await this.repo.pruneDeliveries(before, batch);
    return { deleted, more: deleted === batch };
  }

  async attempt(deliveryId: string, cycle: DeliveryCycle, now = new Date()): Promise<NextRun | null> {
    const target = await this.repo.attemptTarget(deliveryId);
    // Deleted with its subscription, or already ended (a job left behind by a resend racing it).
    if (!target || target.delivery.status !== 'pending') return null;
    const { delivery, subscription } = target;
    if (!subscription.enabled) {
      await this.repo.recordAttempt(
        delivery.id,
        {
          status: 'failed',
          statusCode: null,
          error: 'Not sent: the subscription is switched off',
          at: now,
          nextAttemptAt: null,
        },
        false,
      );
      return null;
    }

    const body = JSON.stringify(delivery.payload);
    // Signed afresh for every attempt: receivers refuse a signature older than five minutes.
    const outcome = await this.sender.post(subscription.url, body, {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      [WEBHOOK_SIGNATURE_HEADER]: signStripeStyle(body, subscription.secret),
      [WEBHOOK_EVENT_ID_HEADER]: delivery.eventId,
    });
    const attempt = cycle.attempt + 1;
    if (outcome.ok) {
      await this.repo.recordAttempt(delivery.id, {
        status: 'succeeded',
        statusCode: outcome.statusCode,
        error: null,
        at: now,
        nextAttemptAt: null,
      });
      await this.repo.clearFailures(subscription.id);
      return null;
    }

    const next = new Date(now.getTime() + retryDelayMs(attempt));
    if (next.getTime() <= Date.parse(cycle.cycleStart) + CYCLE_MS) {
      await this.repo.recordAttempt(delivery.id, {
        status: 'pending',
        statusCode: outcome.statusCode,
        error: outcome.error,
        at: now,
        nextAttemptAt: next,
      });
      return { runAt: next, payload: { cycleStart: cycle.cycleStart, attempt } };
    }
    await this.endFailedCycle(delivery, outcome, now);
    return null;
  }

  /** The delivery failed for good this cycle; its subscription counts one more failed cycle in a row. */
  private async endFailedCycle(delivery: WebhookDeliveryRow, outcome: SendOutcome, now: Date): Promise<void> {
    const disabled = await this.repo.atomically(async (repo) => {
      await repo.recordAttempt(delivery.id, {
        status: 'failed',
        statusCode: outcome.statusCode,
        error: outcome.error,
        at: now,
        nextAttemptAt: null,
      });
      const subscription = await repo.lockSubscription(delivery.subscriptionId);
      if (!subscription) return null;
      const failures = subscription.consecutiveFailures + 1;
      if (!subscription.enabled || failures < WEBHOOK_LIMITS.failuresBeforeDisable) {
        await repo.setFailures(subscription.id, { consecutiveFailures: failures });
        return null;
      }
      // The last error as the sender saw it (technical, as the delivery log shows it); the console words
      // the sentence around it in the admin's language from the failure count.
      const reason = outcome.error ?? (outcome.statusCode ? `HTTP ${outcome.statusCode}` : 'failed');
      await repo.setFailures(subscription.id, {
        consecutiveFailures: failures,
        enabled: false,
        disabledReason: reason,
        disabledAt: now,
      });
      await repo.recordActivity({
        siteId: subscription.siteId,
        type: 'webhook_disabled',
        message: `Webhook to ${hostOf(subscription.url)} switched off after ${failures} failed deliveries`,
        data: {
          subscriptionId: subscription.id,
          clientId: subscription.clientId,
          url: subscription.url,
          failures,
          lastError: outcome.error,
        },
      });
      return { subscription, failures };
    });
    if (disabled) await this.tellSuperadmins(disabled.subscription, disabled.failures, outcome.error);
  }

  /** After the commit: a mail that went out for a disabling that rolled back would be false. */
  private async tellSuperadmins(
    subscription: { id: string; clientId: string; siteId: string; url: string },
    failures: number,
    lastError: string | null,
  ): Promise<void> {
    this.log.warn(
      { subscriptionId: subscription.id, failures, lastError },
      'webhook subscription switched off',
    );
    const names = await this.repo.names(subscription.clientId, subscription.siteId);
    for (const admin of await this.repo.superadmins()) {
      await this.mail
        .send({
          to: admin.email,
          ...renderMail('webhookDisabled', admin.lang, {
            ...names,
            url: subscription.url,
            failures,
            hours: WEBHOOK_LIMITS.retryHours,
            lastError,
          }),
        })
        .catch((error: unknown) =>
          this.log.error({ err: error, to: admin.email }, 'the webhook notice could not be mailed'),
        );
    }
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
