import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiKeyPattern, type ClientSaved, type ClientView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { startAsSuperadmin } from '../../../test/helpers';
import { apiClients } from '../../db/tables/api-clients';
import { hashToken } from '../../lib/tokens';
import { createRideClub } from '../guest/guest-rides.test-support';
import { tokenFor } from '../members/members.test-support';
import { ApiKeyUsage } from './api-key-usage';
import { adminClients, clientCall, createClient } from './clients.test-support';

/**
 * Issue 21 item 5 (server): API clients through /api/admin/clients (superadmin only), their keys (shown
 * once, stored as SHA-256, revoked at once), usage counting, and the optional key on the guest API.
 */

let rt: Runtime;
let superadmin: string;
let siteId: string;

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  siteId = (await createRideClub(rt)).siteId;
});
afterAll(() => rt.stop());

const listed = async (id: string): Promise<ClientView> => {
  const res = await adminClients(rt, 'GET', '/', superadmin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ClientView[]>().find((client) => client._id === id)!;
};
const storedRow = async (id: string) =>
  (await rt.ctx.db.select().from(apiClients).where(eq(apiClients.id, id)))[0];

describe('admin /clients per role', () => {
  it('lets only a superadmin list, add, change and delete clients', async () => {
    const [admin, basic] = await Promise.all([tokenFor(rt, 'admin', siteId), tokenFor(rt, 'basic', siteId)]);
    const { client } = await createClient(rt, superadmin, [siteId]);
    const calls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?]> = [
      ['GET', '/'],
      ['POST', '/', { name: 'Nope', sites: [] }],
      ['PATCH', `/${client._id}`, { name: 'Nope' }],
      ['DELETE', `/${client._id}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await adminClients(rt, method, path, undefined, body)).statusCode, `${method} anonymous`).toBe(
        401,
      );
      for (const token of [admin, basic])
        expect((await adminClients(rt, method, path, token, body)).statusCode, `${method} staff`).toBe(403);
    }
    expect((await storedRow(client._id))?.name).toBe('Tee Times Ltd');
    expect(await rt.ctx.db.$count(apiClients, eq(apiClients.name, 'Nope'))).toBe(0);
  });

  it('adds a client with its sites and shows the key once, storing only its SHA-256', async () => {
    const saved = await createClient(rt, superadmin, [siteId, siteId], 'Fore Bookings');
    expect(saved.apiKey).toMatch(apiKeyPattern);
    expect(saved.client).toMatchObject({
      name: 'Fore Bookings',
      sites: [siteId],
      keyPreview: saved.apiKey.slice(4, 12),
      usage: { count: 0, date: null },
    });
    const row = (await storedRow(saved.client._id))!;
    expect(row.keyHash).toBe(hashToken(saved.apiKey));
    // No column holds the key itself, and neither the list nor the client's view shows it again.
    expect(JSON.stringify(row)).not.toContain(saved.apiKey.slice(4));
    const list = await adminClients(rt, 'GET', '/', superadmin);
    expect(list.body).not.toContain(saved.apiKey.slice(4));
    expect(await listed(saved.client._id)).toEqual(saved.client);
  });

  it('refuses unknown sites and bad names with 400 and stores nothing', async () => {
    const before = await rt.ctx.db.$count(apiClients);
    for (const body of [
      { name: 'Ghost', sites: ['00000000-0000-4000-8000-000000000000'] },
      { name: '   ', sites: [] },
      { name: 'x'.repeat(81) },
      { sites: [siteId] },
    ]) {
      const res = await adminClients(rt, 'POST', '/', superadmin, body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await rt.ctx.db.$count(apiClients)).toBe(before);
    const { client } = await createClient(rt, superadmin, []);
    const patched = await adminClients(rt, 'PATCH', `/${client._id}`, superadmin, {
      sites: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(patched.statusCode, patched.body).toBe(400);
    expect((await adminClients(rt, 'PATCH', `/${client._id}`, superadmin, {})).statusCode).toBe(400);
    expect((await storedRow(client._id))?.sites).toEqual([]);
  });

  it('changes name and sites; an unknown client is 404', async () => {
    const { client, apiKey } = await createClient(rt, superadmin, []);
    const res = await adminClients(rt, 'PATCH', `/${client._id}`, superadmin, {
      name: 'Renamed',
      sites: [siteId],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<ClientSaved>();
    expect(saved.apiKey).toBeUndefined();
    expect(saved.client).toMatchObject({ name: 'Renamed', sites: [siteId], keyPreview: client.keyPreview });
    // The same key still works.
    expect((await clientCall(rt, apiKey, 'GET', '/sites')).statusCode).toBe(200);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await adminClients(rt, 'PATCH', `/${missing}`, superadmin, { name: 'x' })).statusCode).toBe(404);
    expect((await adminClients(rt, 'DELETE', `/${missing}`, superadmin)).statusCode).toBe(404);
  });
});

describe('revoking a key', () => {
  it('stops the old key at once when a new one is made', async () => {
    const { client, apiKey: old } = await createClient(rt, superadmin, [siteId]);
    expect((await clientCall(rt, old, 'GET', '/sites')).statusCode).toBe(200);
    const res = await adminClients(rt, 'PATCH', `/${client._id}`, superadmin, { regenerateKey: true });
    expect(res.statusCode, res.body).toBe(200);
    const { apiKey: fresh, client: after } = res.json<ClientSaved>();
    expect(fresh).toMatch(apiKeyPattern);
    expect(fresh).not.toBe(old);
    expect(after.keyPreview).toBe(fresh!.slice(4, 12));
    const refused = await clientCall(rt, old, 'GET', '/sites');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'invalidApiKey' });
    expect((await clientCall(rt, fresh, 'GET', '/sites')).statusCode).toBe(200);
  });

  it('stops the key at once when the client is deleted', async () => {
    const { client, apiKey } = await createClient(rt, superadmin, [siteId]);
    expect((await clientCall(rt, apiKey, 'GET', '/sites')).statusCode).toBe(200);
    expect((await adminClients(rt, 'DELETE', `/${client._id}`, superadmin)).statusCode).toBe(204);
    expect(await storedRow(client._id)).toBeUndefined();
    expect((await clientCall(rt, apiKey, 'GET', '/sites')).statusCode).toBe(401);
    expect(
      (await rt.app.inject({ url: `/api/guest/sites/${siteId}`, headers: { 'x-api-key': apiKey } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('usage', () => {
  it('counts every call with a valid key and when it was last used', async () => {
    const { client, apiKey } = await createClient(rt, superadmin, [siteId]);
    const before = Date.now();
    for (let i = 0; i < 3; i++) expect((await clientCall(rt, apiKey, 'GET', '/sites')).statusCode).toBe(200);
    expect(
      (await rt.app.inject({ url: `/api/guest/sites/${siteId}`, headers: { 'x-api-key': apiKey } }))
        .statusCode,
    ).toBe(200);
    // A refused key counts for nobody.
    const wrong = `${apiKey.slice(0, -1)}${apiKey.endsWith('A') ? 'B' : 'A'}`;
    expect((await clientCall(rt, wrong, 'GET', '/sites')).statusCode).toBe(401);
    const view = await listed(client._id);
    expect(view.usage.count).toBe(4);
    expect(Date.parse(view.usage.date!)).toBeGreaterThanOrEqual(before - 1000);
    // The list wrote the counts: the row has them too.
    expect((await storedRow(client._id))?.usageCount).toBe(4);
  });

  it('writes counts in batches: one write for many uses, and again after a failed write', async () => {
    vi.useFakeTimers();
    try {
      const writes: Array<Array<{ clientId: string; count: number }>> = [];
      let fail = true;
      const usage = new ApiKeyUsage(
        async (deltas) => {
          if (fail) {
            fail = false;
            throw new Error('database away');
          }
          writes.push(deltas.map(({ clientId, count }) => ({ clientId, count })));
        },
        { warn: () => undefined } as never,
        5_000,
      );
      for (let i = 0; i < 50; i++) usage.count('a');
      usage.count('b');
      await vi.advanceTimersByTimeAsync(5_000);
      expect(writes).toEqual([]);
      usage.count('a');
      await vi.advanceTimersByTimeAsync(5_000);
      expect(writes).toEqual([
        [
          { clientId: 'a', count: 51 },
          { clientId: 'b', count: 1 },
        ],
      ]);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(writes).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the guest API and a key', () => {
  const guest = (headers: Record<string, string> = {}) =>
    rt.app.inject({ url: `/api/guest/sites/${siteId}`, headers });

  it('answers without a key, as the club’s own pages call it', async () => {
    expect((await guest()).statusCode).toBe(200);
  });

  it('refuses a key that is not valid with 401 invalidApiKey', async () => {
    for (const key of ['nonsense', `fwk_${'A'.repeat(43)}`, '']) {
      const res = await guest({ 'x-api-key': key });
      expect(res.statusCode, key).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalidApiKey' });
    }
  });

  it('keys the guest rate limit on the API key: two keys and the address do not share a budget', async () => {
    const [first, second] = await Promise.all([
      createClient(rt, superadmin, []),
      createClient(rt, superadmin, []),
    ]);
    // GET /api/guest/sites/:id allows 120 a minute.
    for (let i = 0; i < 120; i++) expect((await guest({ 'x-api-key': first.apiKey })).statusCode).toBe(200);
    const limited = await guest({ 'x-api-key': first.apiKey });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rateLimited' });
    expect((await guest({ 'x-api-key': second.apiKey })).statusCode).toBe(200);
    expect((await guest()).statusCode).toBe(200);
  });
});
