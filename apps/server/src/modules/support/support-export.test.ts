import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupportExportAnswer } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { ConfigError, loadConfig } from '../../config';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
import { supportContacts } from '../../db/tables/support-contacts';
import { createUser } from '../users/users.test-support';
import { CrispSupportDirectory } from './crisp-support-directory';
import { SupportDirectoryError, type SupportContact } from './support-directory';

/**
 * The users' support-tool export (spec §2 Admin → Users "Sync", issue 21 item 2): the local directory the
 * demo runs, and the Crisp client against a local server that checks the documented request shapes
 * (REST API v1, people profiles) and answers the documented envelopes.
 */

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  tier: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/** A stand-in for api.crisp.chat: people profiles keyed by email, and a switch to refuse one contact. */
async function fakeCrisp() {
  const profiles = new Map<string, Record<string, unknown>>();
  const seen: Seen[] = [];
  let refuse: string | null = null;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://crisp');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      seen.push({
        method: req.method!,
        path: url.pathname,
        authorization: req.headers.authorization,
        tier: req.headers['x-crisp-tier'] as string | undefined,
        contentType: req.headers['content-type'],
        body,
      });
      const answer = (status: number, reason: string, data: object = {}) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(req.method === 'HEAD' ? undefined : JSON.stringify({ error: status >= 400, reason, data }));
      };
      const match = /^\/v1\/website\/([^/]+)\/people\/(profile|data)(?:\/(.+))?$/.exec(url.pathname);
      if (!match || match[1] !== 'site-123') return answer(404, 'not_found');
      if (req.headers.authorization !== `Basic ${Buffer.from('id-1:key-1').toString('base64')}`)
        return answer(401, 'invalid_session');
      const email = match[3] ? decodeURIComponent(match[3]) : (body?.email as string);
      // A write refused (a HEAD has no body to give a reason in).
      if (email === refuse && req.method !== 'HEAD') return answer(403, 'not_allowed');
      if (match[2] === 'profile' && req.method === 'HEAD') return answer(profiles.has(email) ? 200 : 404, '');
      if (match[2] === 'profile' && req.method === 'POST') {
        profiles.set(email, body!);
        return answer(200, 'added', { people_id: `people-${profiles.size}` });
      }
      if (!profiles.has(email)) return answer(404, 'people_not_found');
      profiles.set(email, { ...profiles.get(email), ...body });
      return answer(200, 'updated');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    profiles,
    seen,
    refuseFor(email: string | null) {
      refuse = email;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const contact = (email: string, extra: Partial<SupportContact> = {}): SupportContact => ({
  email,
  userId: `id-of-${email}`,
  role: 'admin',
  sites: ['Demo Golf Club', 'Second Club'],
  lastSeen: new Date('2026-01-02T03:04:05.000Z'),
  ...extra,
});

describe('CrispSupportDirectory (contract)', () => {
  let crisp: Awaited<ReturnType<typeof fakeCrisp>>;
  beforeAll(async () => {
    crisp = await fakeCrisp();
  });
  afterAll(() => crisp.close());
  const directory = (key = 'key-1') =>
    new CrispSupportDirectory({ identifier: 'id-1', key, websiteId: 'site-123', baseUrl: crisp.url });

  it('adds a new person, updates a known one, and sends the documented requests', async () => {
    crisp.seen.length = 0;
    expect(await directory().upsert([contact('new@example.org')])).toEqual({ created: 1, updated: 0 });
    expect(await directory().upsert([contact('new@example.org', { role: 'basic' })])).toEqual({
      created: 0,
      updated: 1,
    });
    const auth = `Basic ${Buffer.from('id-1:key-1').toString('base64')}`;
    for (const call of crisp.seen) {
      expect(call.authorization).toBe(auth);
      expect(call.tier).toBe('plugin');
      if (call.body !== undefined) expect(call.contentType).toBe('application/json');
    }
    const base = '/v1/website/site-123/people';
    expect(crisp.seen.map((call) => [call.method, call.path, call.body])).toEqual([
      ['HEAD', `${base}/profile/new%40example.org`, undefined],
      [
        'POST',
        `${base}/profile`,
        { email: 'new@example.org', person: { nickname: 'new@example.org' }, segments: ['fairway', 'admin'] },
      ],
      [
        'PATCH',
        `${base}/data/new%40example.org`,
        {
          data: {
            fairway_user_id: 'id-of-new@example.org',
            role: 'admin',
            sites: 'Demo Golf Club, Second Club',
            last_seen: '2026-01-02T03:04:05.000Z',
          },
        },
      ],
      ['HEAD', `${base}/profile/new%40example.org`, undefined],
      [
        'PATCH',
        `${base}/profile/new%40example.org`,
        { person: { nickname: 'new@example.org' }, segments: ['fairway', 'basic'] },
      ],
      ['PATCH', `${base}/data/new%40example.org`, expect.objectContaining({ data: expect.any(Object) })],
    ]);
  });

  it("stops at Crisp's refusal with its reason, answering no counts", async () => {
    crisp.refuseFor('second@example.org');
    try {
      const run = directory().upsert([contact('first@example.org'), contact('second@example.org')]);
      await expect(run).rejects.toThrow(SupportDirectoryError);
      await expect(run).rejects.toThrow(/second@example\.org: 403 not_allowed/);
    } finally {
      crisp.refuseFor(null);
    }
    await expect(directory('wrong-key').upsert([contact('x@example.org')])).rejects.toThrow(
      /x@example\.org: 401 Unauthorized/,
    );
  });
});

describe('POST /api/admin/users/support-export', () => {
  describe('with the local directory (no Crisp keys: the demo and the tests)', () => {
    let rt: Runtime;
    let superadmin: string;
    beforeAll(async () => {
      rt = await startTestServer();
      superadmin = await loginAs(rt, 'superadmin@example.com');
    });
    afterAll(() => rt?.stop());
    const exportUsers = (token = superadmin) =>
      rt.app.inject({
        method: 'POST',
        url: '/api/admin/users/support-export',
        headers: asUser(token),
      });

    it('writes every user as a contact, then updates them', async () => {
      const { demo } = await demoSiteIds(rt);
      const user = await createUser(rt, { role: 'admin', sites: [demo] });
      const first = await exportUsers();
      expect(first.statusCode).toBe(200);
      const answer = first.json<SupportExportAnswer>();
      expect(answer.provider).toBe('local');
      expect(answer.created).toBeGreaterThanOrEqual(1);
      expect(answer.exported).toBe(answer.created + answer.updated);
      const [row] = await rt.ctx.db
        .select()
        .from(supportContacts)
        .where(eq(supportContacts.email, user.email));
      expect(row!.data).toEqual({
        userId: user.id,
        role: 'admin',
        sites: ['Demo Golf Club'],
        lastSeen: null,
      });

      await rt.ctx.database.pool.query(`UPDATE users SET role = 'basic' WHERE id = $1`, [user.id]);
      const again = (await exportUsers()).json<SupportExportAnswer>();
      expect(again.updated).toBeGreaterThanOrEqual(answer.exported);
      const [updated] = await rt.ctx.db
        .select()
        .from(supportContacts)
        .where(eq(supportContacts.email, user.email));
      expect(updated!.data).toMatchObject({ role: 'basic' });
      expect(updated!.createdAt).toEqual(row!.createdAt);
    });

    it('is for superadmins only', async () => {
      expect((await exportUsers(await loginAs(rt, 'admin@example.com'))).statusCode).toBe(403);
    });
  });

  describe('with Crisp configured', () => {
    let rt: Runtime;
    let crisp: Awaited<ReturnType<typeof fakeCrisp>>;
    let superadmin: string;
    beforeAll(async () => {
      crisp = await fakeCrisp();
      rt = await startTestServer({
        CRISP_IDENTIFIER: 'id-1',
        CRISP_KEY: 'key-1',
        CRISP_WEBSITE_ID: 'site-123',
        CRISP_API_URL: crisp.url,
      });
      superadmin = await loginAs(rt, 'superadmin@example.com');
    });
    afterAll(async () => {
      await rt?.stop();
      await crisp?.close();
    });

    it('exports to Crisp, and answers 502 with the reason when Crisp refuses', async () => {
      const post = () =>
        rt.app.inject({
          method: 'POST',
          url: '/api/admin/users/support-export',
          headers: asUser(superadmin),
        });
      const ok = await post();
      expect(ok.statusCode).toBe(200);
      const answer = ok.json<SupportExportAnswer>();
      expect(answer).toMatchObject({ provider: 'crisp', updated: 0 });
      expect(answer.created).toBe(crisp.profiles.size);
      expect(crisp.profiles.has('superadmin@example.com')).toBe(true);

      crisp.refuseFor('superadmin@example.com');
      const refused = await post();
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toEqual({
        message: expect.stringMatching(/^Crisp refused .* for superadmin@example\.com: 403 not_allowed/),
      });
    });
  });
});

describe('Crisp configuration', () => {
  it('needs all three keys or none', () => {
    expect(() => loadConfig({ CRISP_IDENTIFIER: 'id', CRISP_KEY: 'key' })).toThrow(ConfigError);
    expect(() => loadConfig({ CRISP_IDENTIFIER: 'id', CRISP_KEY: 'key' })).toThrow(/CRISP_WEBSITE_ID/);
    expect(
      loadConfig({ CRISP_IDENTIFIER: 'i', CRISP_KEY: 'k', CRISP_WEBSITE_ID: 'w' }).CRISP_WEBSITE_ID,
    ).toBe('w');
  });
});
