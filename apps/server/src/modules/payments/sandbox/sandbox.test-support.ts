import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../../../db/client';
import type { CheckoutInput } from '../payment-provider';
import { newSandboxId } from './sandbox-ids';
import { sandboxAccounts } from '../../../db/tables/sandbox';

/**
 * Fixtures for the sandbox provider's tests. The database is shared with every other test file, so each
 * test makes accounts and checkouts of its own, and looks for its own events by id, never at whole lists.
 */

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  event: { id: string; type: string; data: { object: Record<string, unknown> } } & Record<string, unknown>;
}

/** A stand-in for the platform's webhook endpoint on an ephemeral port: records what it gets. */
export async function startWebhookCapture() {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({ headers: request.headers, raw, event: JSON.parse(raw.toString('utf8')) });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    /** what the endpoint answers from now on */
    answer(next: number) {
      status = next;
    },
    /** The deliveries of one event (normally one; more means it was sent twice). */
    deliveriesOf(eventId: string): ReceivedWebhook[] {
      return received.filter((webhook) => webhook.event.id === eventId);
    },
    /** Waits for the first webhook that matches (deliveries after commit do not block the API's answer). */
    async waitFor(match: (webhook: ReceivedWebhook) => boolean, timeoutMs = 5_000): Promise<ReceivedWebhook> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('no matching webhook arrived');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type WebhookCapture = Awaited<ReturnType<typeof startWebhookCapture>>;

/** A sandbox account of the site, onboarded (active) unless asked otherwise. */
export async function createSandboxAccount(
  db: Db,
  siteId: string,
  { active = true, businessName = 'Sandbox Links Trust' } = {},
): Promise<string> {
  const id = newSandboxId.account();
  await db.insert(sandboxAccounts).values({ id, siteId, businessName, active });
  return id;
}

/** What the platform would ask for: a £25.00 ride with a £1.00 application fee, open for 30 minutes. */
export const checkoutInput = (accountId: string, changes: Partial<CheckoutInput> = {}): CheckoutInput => ({
  accountId,
  amount: 2500,
  currency: 'GBP',
  applicationFee: 100,
  productName: 'Cart ride — 18 holes',
  description: 'Cart 7 at Sandbox Links',
  customerEmail: 'guest@example.com',
  clientReferenceId: 'payment-ref-1',
  metadata: { paymentId: 'payment-ref-1', siteId: 'site-1' },
  successUrl: 'http://localhost:5173/guest/paid?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:5173/guest/cancelled',
  expiresAt: new Date(Date.now() + 30 * 60_000),
  ...changes,
});

/** The card form as the checkout page sends it. */
export const cardForm = (cardNumber = '4242 4242 4242 4242', expiry = '12/39') => ({
  cardNumber,
  expiry,
  cvc: '123',
  name: 'Alex Guest',
});
