/**
 * The durable jobs of the outbound webhooks, named in one place: the repository writes a delivery's job in
 * the transaction that stores the delivery, and webhook-jobs.ts runs it.
 */
export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
export const WEBHOOK_CATCH_UP_JOB = 'webhook-catch-up';
export const WEBHOOK_RETENTION_JOB = 'webhook-retention';

export const DELIVERY_JOB_PREFIX = `${WEBHOOK_DELIVERY_JOB}:`;
export const deliveryJobKey = (deliveryId: string): string => `${DELIVERY_JOB_PREFIX}${deliveryId}`;

/**
 * What a delivery's job carries: when its 24-hour cycle began and how many attempts the cycle made. A
 * resend starts a new cycle by rewriting it; the delivery row keeps the log.
 */
export interface DeliveryCycle {
  cycleStart: string;
  attempt: number;
}

/** The cycle a job carries; a payload that is not one (written by hand) starts a cycle at `runAt`. */
export function cycleOf(payload: Record<string, unknown>, runAt: Date): DeliveryCycle {
  const start = typeof payload.cycleStart === 'string' ? Date.parse(payload.cycleStart) : NaN;
  const attempt = typeof payload.attempt === 'number' && payload.attempt >= 0 ? payload.attempt : 0;
  return Number.isFinite(start)
    ? { cycleStart: new Date(start).toISOString(), attempt }
    : { cycleStart: runAt.toISOString(), attempt: 0 };
}
