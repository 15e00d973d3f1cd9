/**
 * Fixtures for the webhooks' tests: a real HTTP receiver on 127.0.0.1, subscriptions made through the
 * console's API, and the delivery jobs run by hand. Only tests import this file.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { WebhookEventType, WebhookSubscriptionWithSecret } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { scheduledJobs } from '../../db/tables/jobs';
import { webhookDeliveries } from '../../db/tables/webhooks';
import { adminClients, clientCall } from '../clients/clients.test-support';
import { deliveryJobKey } from './webhook-job-keys';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver that records every request and answers the queued statuses in turn, then 200. */
export async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/fairway-hooks`,
    port,
    received,
    /** The next requests get these statuses. */
    answer: (...statuses: number[]) => answers.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

// The console's and the client API's calls are the clients' fixtures: webhooks live under both prefixes.
export const adminWebhooks = adminClients;
export const clientApi = clientCall;

/** A subscription made through the console, with its secret. */
export async function subscribe(
  rt: Runtime,
  superadmin: string,
  clientId: string,
  body: { siteId: string; url: string; events: WebhookEventType[] },
): Promise<WebhookSubscriptionWithSecret> {
  const res = await adminWebhooks(rt, 'POST', `/${clientId}/webhooks`, superadmin, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WebhookSubscriptionWithSecret>();
}

/** The subscription's deliveries, newest first, straight from the table. */
export const deliveriesOf = (rt: Runtime, subscriptionId: string) =>
  rt.ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
    .orderBy(desc(webhookDeliveries.createdAt));

export const jobOf = async (rt: Runtime, deliveryId: string) =>
  (
    await rt.ctx.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.key, deliveryJobKey(deliveryId)))
  )[0];

/**
 * Runs the delivery's job through the webhooks' job runner now, whenever it was due: the time a back-off
 * would wait passes without waiting (the job is made due, then the runner claims due jobs).
 */
export async function runDeliveryJob(rt: Runtime, deliveryId: string): Promise<void> {
  const key = deliveryJobKey(deliveryId);
  const before = await jobOf(rt, deliveryId);
  expect(before, `the delivery ${deliveryId} has a job`).toBeDefined();
  await rt.ctx.db
    .update(scheduledJobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(eq(scheduledJobs.key, key));
  // Other due webhook jobs of the shared database may be claimed first: run until this one ran.
  for (let round = 0; round < 10; round++) {
    await rt.webhookJobs.runDue();
    const after = await jobOf(rt, deliveryId);
    if (!after || after.runAt.getTime() > Date.now()) return;
  }
  throw new Error(`the job of delivery ${deliveryId} did not run`);
}
