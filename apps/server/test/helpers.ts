import { inject } from 'vitest';
import { loadConfig } from '../src/config';
import { startRuntime, type Runtime } from '../src/runtime';
import pino from 'pino';

/**
 * A whole server (HTTP, realtime, device gateway, broker) on ephemeral ports against the suite's database.
 * TEST_MQTT_URL/TEST_MQTT_PASSWORD point it at an external broker (Mosquitto in CI) instead of Aedes.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<Runtime> {
  const external = process.env.TEST_MQTT_URL
    ? {
        MQTT_URL: process.env.TEST_MQTT_URL,
        MQTT_PASSWORD: process.env.TEST_MQTT_PASSWORD ?? '',
        MQTT_DYNSEC: 'on',
      }
    : {};
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: inject('databaseUrl'),
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    SIMULATOR: 'off',
    // Tests run jobs by hand (`rt.jobs.runDue()`), so a sweep never acts on another test's carts.
    JOBS: 'off',
    // The suite shares one database whose tests write positions of past years: a `runDue()` must not drop
    // them. The retention itself is tested on a database of its own (positions-partitions.test.ts).
    POSITIONS_RETENTION_MONTHS: '0',
    SEED_DEMO: 'off',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '1000',
    ...external,
    ...env,
  });
  return startRuntime(config, pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }));
}

export const DEMO_PASSWORD = 'demo-password';

/** A test server with the demo superadmin signed in: a file's usual `beforeAll` (its `afterAll` stops `rt`). */
export async function startAsSuperadmin(env: Record<string, string> = {}): Promise<{
  rt: Runtime;
  superadmin: string;
}> {
  const rt = await startTestServer(env);
  return { rt, superadmin: await loginAs(rt, 'superadmin@example.com') };
}

export async function loginAs(rt: Runtime, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await rt.app.inject({
    method: 'POST',
    url: '/api/dashboard/auth/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login as ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json<{ accessToken: string }>().accessToken;
}

/** Headers for a dashboard call as `token` on `siteId`. */
export const asUser = (token: string, siteId?: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  ...(siteId ? { 'site-id': siteId } : {}),
});

/** The seeded sites' ids, read from the database so a test needs no login to find them. */
export async function demoSiteIds(rt: Runtime): Promise<{ demo: string; second: string; staging: string }> {
  const rows = await rt.ctx.db.query.sites.findMany({ columns: { id: true, name: true, staging: true } });
  const byName = (name: string) => rows.find((row) => row.name === name)!.id;
  return {
    demo: byName('Demo Golf Club'),
    second: byName('Second Club'),
    staging: rows.find((row) => row.staging)!.id,
  };
}
