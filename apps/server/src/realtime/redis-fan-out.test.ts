import type { CartView, SiteListItem } from '@fairway/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, startTestServer } from '../../test/helpers';
import type { Runtime } from '../runtime';
import { connectSocket, nextUpdate, request, storedCart } from '../../test/fleet-fixtures';

/**
 * Two server instances sharing a Redis: an update announced on one reaches a browser connected to the
 * other. Runs when TEST_REDIS_URL names a Redis (CI); skipped otherwise.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('realtime fan-out through Redis', () => {
  let first: Runtime;
  let second: Runtime;

  beforeAll(async () => {
    first = await startTestServer({ REDIS_URL: redisUrl! });
    second = await startTestServer({ REDIS_URL: redisUrl! });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it("pushes one instance's device.updated to a socket connected to the other", async () => {
    const admin = await loginAs(second, 'admin@example.com');
    const sites = JSON.parse(
      (
        await second.app.inject({
          url: '/api/dashboard/sites/list',
          headers: { authorization: `Bearer ${admin}` },
        })
      ).body,
    ) as SiteListItem[];
    const demoSiteId = sites.find((site) => site.name === 'Demo Golf Club')!._id;
    const carts = JSON.parse(
      (
        await second.app.inject({
          url: '/api/dashboard/devices',
          headers: { authorization: `Bearer ${admin}`, 'site-id': demoSiteId },
        })
      ).body,
    ) as CartView[];
    const socket = await connectSocket(second, admin);
    try {
      expect(await request(socket, 'join:site', demoSiteId)).toEqual({ ok: true });
      const received = nextUpdate(
        socket,
        carts[0]!._id,
        (view) => view.carNote === 'from the other instance',
      );
      const stored = await storedCart(first, carts[0]!._id);
      first.ctx.bus.emit('device.updated', { ...stored, carNote: 'from the other instance' });
      expect((await received).carNote).toBe('from the other instance');
    } finally {
      socket.close();
    }
  });
});
