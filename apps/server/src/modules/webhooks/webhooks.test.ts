import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  WEBHOOK_LIMITS,
  addDays,
  clientService,
  errorBody,
  localDate,
  slotView,
  webhookDeliveriesPage,
  webhookDeliveryView,
  webhookSubscriptionBody,
  webhookSubscriptionUpdateBody,
  webhookSubscriptionView,
  webhookSubscriptionWithSecret,
  type ClientBookingView,
  type WebhookDeliveriesPage,
  type WebhookSubscriptionView,
  type WebhookSubscriptionWithSecret,
} from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { startAsSuperadmin } from '../../../test/helpers';
import { eventually } from '../../../test/fleet-fixtures';
import { webhookSubscriptions } from '../../db/tables/webhooks';
import { adminClients, createClient } from '../clients/clients.test-support';
import { createRideClub, insertBooking, insertCart, type RideClub } from '../guest/guest-rides.test-support';
import { tokenFor } from '../members/members.test-support';
import { WebhookSubscriptionsService } from './webhook-subscriptions.service';
import { WEBHOOK_EXAMPLES as EX } from './webhooks.examples';
import { WebhooksRepository } from './webhooks.repository';
import {
  adminWebhooks,
  clientApi,
  deliveriesOf,
  runDeliveryJob,
  startReceiver,
  subscribe,
  type Receiver,
} from './webhooks.test-support';

/**
 * The webhook subscriptions' API (issue 23 item 2): the console's routes (superadmin only) and the client
 * API's (a key sees only its client's), refusals that change nothing, booking privacy per subscription,
 * the delivery log, and the verification example of docs/webhooks.md run as a real receiver.
 */

let rt: Runtime;
let superadmin: string;
let club: RideClub;
let otherClub: RideClub;
let a: { id: string; key: string };
let b: { id: string; key: string };
let receiver: Receiver;

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  [club, otherClub] = await Promise.all([createRideClub(rt), createRideClub(rt)]);
  const [savedA, savedB] = await Promise.all([
    createClient(rt, superadmin, [club.siteId], 'Tee Sheet A'),
    createClient(rt, superadmin, [club.siteId], 'Tee Sheet B'),
  ]);
  a = { id: savedA.client._id, key: savedA.apiKey };
  b = { id: savedB.client._id, key: savedB.apiKey };
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await rt.stop();
});

const body = (changes: Record<string, unknown> = {}) => ({
  siteId: club.siteId,
  url: receiver.url,
  events: ['booking.created'],
  ...changes,
});
const subscriptionRows = async (clientId: string) =>
  (
    await rt.ctx.db
      .select({ n: count() })
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.clientId, clientId))
  )[0]!.n;

describe('the console’s webhook routes', () => {
  it('are for superadmins only, and answer the secret once', async () => {
    const admin = await tokenFor(rt, 'admin', club.siteId);
    expect((await adminWebhooks(rt, 'GET', `/${a.id}/webhooks`)).statusCode).toBe(401);
    expect((await adminWebhooks(rt, 'GET', `/${a.id}/webhooks`, admin)).statusCode).toBe(403);
    expect((await adminWebhooks(rt, 'POST', `/${a.id}/webhooks`, admin, body())).statusCode).toBe(403);
    expect(await subscriptionRows(a.id)).toBe(0);

    const created = await adminWebhooks(rt, 'POST', `/${a.id}/webhooks`, superadmin, body());
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json<WebhookSubscriptionWithSecret>();
    expect(saved).toMatchObject({
      clientId: a.id,
      siteId: club.siteId,
      enabled: true,
      consecutiveFailures: 0,
    });
    expect(saved.secret).toMatch(/^whsec_[\w-]{43}$/);
    const listed = await adminWebhooks(rt, 'GET', `/${a.id}/webhooks`, superadmin);
    expect(listed.json<WebhookSubscriptionView[]>()).toEqual([webhookSubscriptionView.parse(saved)]);
    expect(listed.body).not.toContain(saved.secret);

    const rotated = await adminWebhooks(rt, 'POST', `/${a.id}/webhooks/${saved._id}/secret`, superadmin);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json<WebhookSubscriptionWithSecret>().secret).not.toBe(saved.secret);

    const off = await adminWebhooks(rt, 'PUT', `/${a.id}/webhooks/${saved._id}`, superadmin, {
      enabled: false,
    });
    // Switched off by hand: no reason, unlike an automatic switch-off.
    expect(off.json()).toMatchObject({ enabled: false, disabledReason: null });
    expect(off.json<WebhookSubscriptionView>().disabledAt).not.toBeNull();

    const missingClient = await adminWebhooks(rt, 'GET', `/${otherClub.siteId}/webhooks`, superadmin);
    expect(missingClient.statusCode).toBe(404);
    expect(missingClient.json()).toMatchObject({ code: 'clientNotFound' });
    const gone = await adminWebhooks(rt, 'DELETE', `/${a.id}/webhooks/${saved._id}`, superadmin);
    expect(gone.statusCode).toBe(204);
    expect((await adminWebhooks(rt, 'DELETE', `/${a.id}/webhooks/${saved._id}`, superadmin)).statusCode).toBe(
      404,
    );
    expect(await subscriptionRows(a.id)).toBe(0);
  });

  it('refuse bad input with a 4xx and change nothing', async () => {
    const saved = await subscribe(rt, superadmin, a.id, body() as Parameters<typeof subscribe>[3]);
    const refusals: Array<[object, number, RegExp]> = [
      [body({ url: 'ftp://example.com/hook' }), 400, /http or https/],
      [body({ url: 'https://user:secret@example.com/hook' }), 400, /user name or password/],
      [body({ url: 'not a url' }), 400, /http or https/],
      [body({ events: [] }), 400, /at least one event/],
      [body({ events: ['booking.deleted'] }), 400, /events/],
      [body({ siteId: otherClub.siteId }), 400, /not one of this client's sites/],
      [body({ url: `https://example.com/${'x'.repeat(WEBHOOK_LIMITS.urlMax)}` }), 400, /url/],
    ];
    for (const [payload, status, message] of refusals) {
      const res = await adminWebhooks(rt, 'POST', `/${a.id}/webhooks`, superadmin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const badUpdate = await adminWebhooks(rt, 'PUT', `/${a.id}/webhooks/${saved._id}`, superadmin, {
      url: 'javascript:alert(1)',
      events: ['ride.ended'],
    });
    expect(badUpdate.statusCode).toBe(400);
    expect(
      (await adminWebhooks(rt, 'GET', `/${a.id}/webhooks/not-an-id/deliveries`, superadmin)).statusCode,
    ).toBe(400);
    const page = await adminWebhooks(
      rt,
      'GET',
      `/${a.id}/webhooks/${saved._id}/deliveries?limit=1000`,
      superadmin,
    );
    expect(page.statusCode).toBe(400);
    const [row] = await rt.ctx.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.clientId, a.id));
    expect(await subscriptionRows(a.id)).toBe(1);
    expect(row).toMatchObject({ url: receiver.url, events: ['booking.created'] });
    await adminWebhooks(rt, 'DELETE', `/${a.id}/webhooks/${saved._id}`, superadmin);

    // Where private addresses are not called (production), one that plainly is one is refused when saved.
    const guarded = new WebhookSubscriptionsService(
      new WebhooksRepository(rt.ctx.db),
      rt.ctx.webhooks.outbox,
      false,
    );
    for (const url of ['http://10.0.0.5/hook', 'http://localhost:8080/hook', 'http://[::1]/hook'])
      await expect(
        guarded.create(a.id, { siteId: club.siteId, url, events: ['ride.ended'] }),
      ).rejects.toMatchObject({
        statusCode: 400,
        code: 'privateAddress',
      });
    expect(await subscriptionRows(a.id)).toBe(0);
  });

  it(`allow at most ${WEBHOOK_LIMITS.perClient} subscriptions per client`, async () => {
    const c = (await createClient(rt, superadmin, [club.siteId], 'Many Hooks Ltd')).client._id;
    for (let i = 0; i < WEBHOOK_LIMITS.perClient; i++)
      await subscribe(
        rt,
        superadmin,
        c,
        body({ url: `${receiver.url}/${i}` }) as Parameters<typeof subscribe>[3],
      );
    const over = await adminWebhooks(rt, 'POST', `/${c}/webhooks`, superadmin, body());
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'webhookLimit' });
    expect(await subscriptionRows(c)).toBe(WEBHOOK_LIMITS.perClient);
  });
});

describe('the client API’s webhook routes', () => {
  it("show a key only its own client's subscriptions", async () => {
    expect((await clientApi(rt, undefined, 'GET', '/webhooks')).statusCode).toBe(401);
    const created = await clientApi(rt, a.key, 'POST', '/webhooks', body({ events: ['ride.started'] }));
    expect(created.statusCode, created.body).toBe(201);
    const own = created.json<WebhookSubscriptionWithSecret>();
    expect(own.clientId).toBe(a.id);
    expect(
      (await clientApi(rt, a.key, 'POST', '/webhooks', body({ siteId: otherClub.siteId }))).statusCode,
    ).toBe(400);

    const listB = await clientApi(rt, b.key, 'GET', '/webhooks');
    expect(listB.json<WebhookSubscriptionView[]>().map((row) => row._id)).not.toContain(own._id);
    for (const [method, url, payload] of [
      ['PUT', `/webhooks/${own._id}`, { enabled: false }],
      ['POST', `/webhooks/${own._id}/secret`, undefined],
      ['GET', `/webhooks/${own._id}/deliveries`, undefined],
      ['DELETE', `/webhooks/${own._id}`, undefined],
    ] as const) {
      const res = await clientApi(rt, b.key, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'webhookNotFound' });
    }
    const listA = await clientApi(rt, a.key, 'GET', '/webhooks');
    expect(listA.json<WebhookSubscriptionView[]>()).toEqual([
      expect.objectContaining({ _id: own._id, enabled: true, events: ['ride.started'] }),
    ]);
    const changed = await clientApi(rt, a.key, 'PUT', `/webhooks/${own._id}`, {
      events: ['ride.started', 'ride.ended'],
    });
    expect(changed.json()).toMatchObject({ events: ['ride.started', 'ride.ended'] });
    expect((await clientApi(rt, a.key, 'DELETE', `/webhooks/${own._id}`)).statusCode).toBe(204);
  });

  it("deliver bookings whole to the client that made them and without the guest's details to others; the log pages", async () => {
    const bookingEvents = ['booking.created', 'booking.changed', 'booking.cancelled'] as const;
    const subscribeTo = (clientId: string) =>
      subscribe(rt, superadmin, clientId, {
        siteId: club.siteId,
        url: receiver.url,
        events: [...bookingEvents],
      });
    const [ofA, ofB] = await Promise.all([subscribeTo(a.id), subscribeTo(b.id)]);
    await insertCart(rt, club.siteId, { carNumber: '1' });
    // Client A books through the client API, as a booking system does.
    const services = z
      .array(clientService)
      .parse((await clientApi(rt, a.key, 'GET', `/sites/${club.siteId}/services`)).json());
    const service = services.find((candidate) => candidate.name === '18 holes')!;
    const dateString = addDays(localDate(Date.now(), 'Europe/London'), 1);
    const slots = z
      .array(slotView)
      .parse(
        (
          await clientApi(
            rt,
            a.key,
            'GET',
            `/sites/${club.siteId}/slots?serviceId=${service._id}&dateString=${dateString}`,
          )
        ).json(),
      );
    const slot = slots.find((candidate) => candidate.available > 0)!;
    const booked = await clientApi(rt, a.key, 'POST', `/sites/${club.siteId}/bookings`, {
      start: slot.startAt,
      end: slot.endAt,
      service: service._id,
      price: service.prices.find((price) => price.userGroup === null)!._id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      externalRef: 'BK-1',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = booked.json<ClientBookingView>();
    expect((await clientApi(rt, a.key, 'DELETE', `/bookings/${booking._id}`)).statusCode).toBe(204);

    const twoEach = async (subscriptionId: string) => {
      const rows = await deliveriesOf(rt, subscriptionId);
      return rows.length === 2 ? rows : undefined;
    };
    const [toA, toB] = await Promise.all([
      eventually(() => twoEach(ofA._id)),
      eventually(() => twoEach(ofB._id)),
    ]);
    expect(toA.map((row) => row.eventType).sort()).toEqual(['booking.cancelled', 'booking.created']);
    const createdForA = toA.find((row) => row.eventType === 'booking.created')!;
    const createdForB = toB.find((row) => row.eventType === 'booking.created')!;
    expect(createdForA.eventId).toBe(createdForB.eventId);
    expect(createdForA.payload.data).toEqual(booking);
    expect(createdForB.payload.data).toEqual({
      ...booking,
      name: null,
      email: null,
      note: null,
      code: null,
      externalRef: null,
    });

    const logPage = (query: string) => clientApi(rt, a.key, 'GET', `/webhooks/${ofA._id}/deliveries${query}`);
    const first = (await logPage('?limit=1&page=1')).json<WebhookDeliveriesPage>();
    const second = (await logPage('?limit=1&page=2')).json<WebhookDeliveriesPage>();
    expect([first.total, second.total]).toEqual([2, 2]);
    expect(new Set([...first.deliveries, ...second.deliveries].map((row) => row._id)).size).toBe(2);
    expect((await logPage('?status=succeeded')).json<WebhookDeliveriesPage>()).toEqual({
      deliveries: [],
      total: 0,
    });

    await runDeliveryJob(rt, createdForA.id);
    const delivered = (await logPage('?status=succeeded')).json<WebhookDeliveriesPage>();
    expect(delivered.deliveries.map((row) => row._id)).toEqual([createdForA.id]);
    const resent = await clientApi(
      rt,
      a.key,
      'POST',
      `/webhooks/${ofA._id}/deliveries/${createdForA.id}/resend`,
    );
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toMatchObject({
      _id: createdForA.id,
      status: 'pending',
      eventId: createdForA.eventId,
    });
    const foreign = await clientApi(
      rt,
      b.key,
      'POST',
      `/webhooks/${ofA._id}/deliveries/${createdForA.id}/resend`,
    );
    expect(foreign.statusCode).toBe(404);

    // A site taken off B's key takes its events with it; A still gets them.
    const patched = await adminClients(rt, 'PATCH', `/${b.id}`, superadmin, { sites: [otherClub.siteId] });
    expect(patched.statusCode, patched.body).toBe(200);
    const cart = await insertCart(rt, club.siteId);
    const deskBooking = await insertBooking(rt, { siteId: club.siteId, deviceId: cart.id }, 60, 120);
    rt.ctx.bus.emit('booking.updated', deskBooking.id, club.siteId);
    await eventually(async () => (await deliveriesOf(rt, ofA._id)).length === 3);
    expect(await deliveriesOf(rt, ofB._id)).toHaveLength(2);
  });
});

describe('the documentation', () => {
  it('carries OpenAPI examples that are valid requests and answers', () => {
    const pairs: Array<[z.ZodType, unknown]> = [
      [z.array(webhookSubscriptionView), EX.subscriptions],
      [webhookSubscriptionWithSecret, EX.withSecret],
      [webhookSubscriptionBody, EX.body],
      [webhookSubscriptionUpdateBody, EX.update],
      [webhookDeliveryView, EX.delivery],
      [webhookDeliveriesPage, EX.deliveries],
      [errorBody, EX.error],
    ];
    for (const [schema, example] of pairs) expect(schema.safeParse(example).error).toBeUndefined();
  });

  it("has a verification example (docs/webhooks.md) that, run as it is in Node, accepts Fairway's deliveries and refuses forgeries", async () => {
    const docs = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../../docs/webhooks.md'),
      'utf8',
    );
    const code = /<!-- verification example[^>]*-->\s*```js\n([\s\S]*?)```/.exec(docs)?.[1];
    expect(code).toBeDefined();
    const port = await freePort();
    const saved = await subscribe(rt, superadmin, a.id, {
      siteId: club.siteId,
      url: `http://127.0.0.1:${port}/webhooks`,
      events: ['zone.alert'],
    });
    const child = spawn(process.execPath, ['--input-type=module', '-e', code!], {
      env: { ...process.env, PORT: String(port), FAIRWAY_WEBHOOK_SECRET: saved.secret },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const forged = await eventually(() => post(port, '{"id":"evt_forged"}', 't=1,v1=00'), 10_000);
      expect(forged).toBe(400);

      rt.ctx.bus.emit('zone.alert', {
        siteId: club.siteId,
        deviceId: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e',
        carNumber: '7',
        zoneId: '9d3a6c1e-2b4f-4e8a-9c7d-1f2e3a4b5c6d',
        zoneType: 'geofence',
        kind: 'enter',
        ts: new Date().toISOString(),
      });
      const [delivery] = await eventually(async () => {
        const rows = await deliveriesOf(rt, saved._id);
        return rows.length > 0 ? rows : undefined;
      });
      await runDeliveryJob(rt, delivery!.id);
      const [delivered] = await deliveriesOf(rt, saved._id);
      expect(delivered, output).toMatchObject({ status: 'succeeded', lastStatusCode: 204 });
      await eventually(() => output.includes(`${delivery!.eventId} zone.alert`));
    } finally {
      await stop(child);
    }
  });
});

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The status a POST to the example receiver gets, or undefined while it is not listening yet. */
async function post(port: number, payload: string, signature: string): Promise<number | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'fairway-signature': signature },
      body: payload,
    });
    return res.status;
  } catch {
    return undefined;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}
