import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { connectDatabase, type Database } from '../../../db/client';
import { WebhookSignatureError } from '../payment-provider';
import { verifyStripeSignedEvent } from '../webhook-signature';
import { sandboxEvent } from './sandbox-events';
import { newSandboxId } from './sandbox-ids';
import { signStripeStyle as stripeSignatureHeader } from '../../../lib/stripe-style-signature';
import { SandboxWebhooks } from './sandbox-webhooks';
import { startWebhookCapture, type WebhookCapture } from './sandbox.test-support';
import { sandboxWebhookDeliveries as deliveries } from '../../../db/tables/sandbox';

const SECRET = 'whsec_sandbox_webhooks_test';
/** This file's own account: its deliveries never pick up other test files' events in the shared database. */
const ACCOUNT = newSandboxId.account();
const now = () => Math.floor(Date.now() / 1000);

describe('stripeSignatureHeader', () => {
  const payload = JSON.stringify(sandboxEvent('charge.refunded', newSandboxId.account(), { id: 'ch_1' }));

  it('signs so that the official Stripe package verifies it', () => {
    const event = verifyStripeSignedEvent(
      Buffer.from(payload),
      stripeSignatureHeader(payload, SECRET),
      SECRET,
    );
    expect(event).toMatchObject({ type: 'charge.refunded', data: { object: { id: 'ch_1' } } });
    expect(stripeSignatureHeader(payload, SECRET, 1_700_000_000)).toMatch(/^t=1700000000,v1=[a-f\d]{64}$/);
  });

  it('is refused for another secret, another body or an old timestamp', () => {
    const verify = (body: string, header: string) => () =>
      verifyStripeSignedEvent(Buffer.from(body), header, SECRET);
    expect(verify(payload, stripeSignatureHeader(payload, 'whsec_other'))).toThrow(WebhookSignatureError);
    expect(verify(`${payload} `, stripeSignatureHeader(payload, SECRET))).toThrow(WebhookSignatureError);
    expect(verify(payload, stripeSignatureHeader(payload, SECRET, now() - 600))).toThrow(
      WebhookSignatureError,
    );
  });
});

describe('SandboxWebhooks delivery', () => {
  let database: Database;
  let capture: WebhookCapture;

  beforeAll(async () => {
    database = connectDatabase(inject('databaseUrl'), 4);
    capture = await startWebhookCapture();
  });
  afterAll(async () => {
    await capture.close();
    await database.close();
  });

  const sender = () => new SandboxWebhooks(database.db, SECRET, pino({ level: 'silent' }));
  const enqueue = (webhooks: SandboxWebhooks) =>
    webhooks.enqueue(database.db, sandboxEvent('charge.refunded', ACCOUNT, { id: 'ch_x' }));
  const rowOf = async (eventId: string) =>
    (await database.db.select().from(deliveries).where(eq(deliveries.eventId, eventId)))[0]!;
  const makeDue = (eventId: string) =>
    database.db
      .update(deliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(deliveries.eventId, eventId));

  it('keeps events until it knows where to send them', async () => {
    const webhooks = sender();
    const eventId = await enqueue(webhooks);
    await webhooks.deliverDue([ACCOUNT]);
    expect(await rowOf(eventId)).toMatchObject({ deliveredAt: null, attempts: 0 });
    expect(capture.deliveriesOf(eventId)).toHaveLength(0);

    // Another instance (a restart) that knows the endpoint sends what the first one stored.
    const restarted = sender();
    restarted.deliverTo(capture.url);
    expect(await restarted.deliverDue([ACCOUNT])).toBeGreaterThanOrEqual(1);
    expect(capture.deliveriesOf(eventId)).toHaveLength(1);
  });

  it('posts the exact stored payload, signed, and never sends a delivered event again', async () => {
    const webhooks = sender();
    webhooks.deliverTo(capture.url);
    const eventId = await enqueue(webhooks);
    await webhooks.deliverDue([ACCOUNT]);
    const [webhook] = capture.deliveriesOf(eventId);
    const row = await rowOf(eventId);
    expect(webhook!.raw.toString('utf8')).toBe(row.payload);
    expect(webhook!.headers['content-type']).toBe('application/json');
    const verified = verifyStripeSignedEvent(
      webhook!.raw,
      webhook!.headers['stripe-signature'] as string,
      SECRET,
    );
    expect(verified.id).toBe(eventId);
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);

    await makeDue(eventId);
    await webhooks.deliverDue([ACCOUNT]);
    webhooks.sendSoon([eventId]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(capture.deliveriesOf(eventId)).toHaveLength(1);
  });

  it('retries a refused delivery with backoff, re-signed, until it is acknowledged, then stops', async () => {
    const webhooks = sender();
    webhooks.deliverTo(capture.url);
    const eventId = await enqueue(webhooks);
    capture.answer(500);
    try {
      await webhooks.deliverDue([ACCOUNT]);
    } finally {
      capture.answer(200);
    }
    const refused = await rowOf(eventId);
    expect(refused).toMatchObject({ deliveredAt: null, attempts: 1, lastError: 'HTTP 500' });
    const delaySeconds = (refused.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(delaySeconds).toBeGreaterThan(0.5);
    expect(delaySeconds).toBeLessThanOrEqual(2.5); // 2^1 s

    // Not due yet: nothing is sent.
    await webhooks.deliverDue([ACCOUNT]);
    expect(capture.deliveriesOf(eventId)).toHaveLength(1);

    await makeDue(eventId);
    await webhooks.deliverDue([ACCOUNT]);
    const sent = capture.deliveriesOf(eventId);
    expect(sent).toHaveLength(2);
    expect(() =>
      verifyStripeSignedEvent(sent[1]!.raw, sent[1]!.headers['stripe-signature'] as string, SECRET),
    ).not.toThrow();
    expect(await rowOf(eventId)).toMatchObject({ attempts: 2, lastError: null });
    expect((await rowOf(eventId)).deliveredAt).toBeInstanceOf(Date);

    await makeDue(eventId);
    await webhooks.deliverDue([ACCOUNT]);
    expect(capture.deliveriesOf(eventId)).toHaveLength(2);
  });

  it('records a network failure and caps the backoff at an hour', async () => {
    const closed = await startWebhookCapture();
    await closed.close();
    const webhooks = sender();
    webhooks.deliverTo(closed.url);
    const eventId = await enqueue(webhooks);
    await database.db.update(deliveries).set({ attempts: 20 }).where(eq(deliveries.eventId, eventId));
    webhooks.sendSoon([eventId]);
    await expect.poll(async () => (await rowOf(eventId)).attempts).toBe(21);
    const row = await rowOf(eventId);
    expect(row.lastError).toMatch(/fetch failed|ECONNREFUSED/);
    const delaySeconds = (row.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(delaySeconds).toBeGreaterThan(3_590);
    expect(delaySeconds).toBeLessThanOrEqual(3_600);
  });

  it('sends an event once when two runs race for it', async () => {
    const first = sender();
    const second = sender();
    first.deliverTo(capture.url);
    second.deliverTo(capture.url);
    const eventId = await enqueue(first);
    await Promise.all([
      first.deliverDue([ACCOUNT]),
      second.deliverDue([ACCOUNT]),
      first.deliverDue([ACCOUNT]),
    ]);
    expect(capture.deliveriesOf(eventId)).toHaveLength(1);
  });
});
