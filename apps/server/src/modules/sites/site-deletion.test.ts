import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startAsSuperadmin } from '../../../test/helpers';
import { createUser, uniqueEmail } from '../users/users.test-support';

/**
 * Site deletion (spec §4 Admin, issue 21 item 4): the carts go back to staging, everything else of the
 * site goes, and the ids drop out of every `sites` array, in one transaction.
 */
let rt: Runtime;
let superadmin: string;
let stagingId: string;
let secondId: string;

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  ({ staging: stagingId, second: secondId } = await demoSiteIds(rt));
});
afterAll(() => rt?.stop());

interface Club {
  siteId: string;
  deviceId: string;
  onlyHere: string;
  alsoSecond: string;
  inviteId: string;
  clientId: string;
}

/** A site with a cart, a ride, a booking, a payment, an activity entry, two users, an invite and an API client. */
async function club(): Promise<Club> {
  const { pool } = rt.ctx.database;
  const one = async <T>(text: string, values: unknown[]): Promise<T> =>
    (await pool.query(text, values)).rows[0] as T;
  const { id: siteId } = await one<{ id: string }>(
    `INSERT INTO sites (name, country, currency, center_lat_long, timezone, opening_hours)
     VALUES ($1, 'Denmark', 'DKK', '55.000000, 12.000000', 'UTC', '[]') RETURNING id`,
    [`Doomed ${randomUUID().slice(0, 8)}`],
  );
  const { id: deviceId } = await one<{ id: string }>(
    `INSERT INTO devices (serial, secret_hash, site_id, car_number) VALUES ($1, 'x', $2, '9') RETURNING id`,
    [`DOOMED-${randomUUID().slice(0, 8)}`, siteId],
  );
  await pool.query(
    `INSERT INTO rides (site_id, device_id, type, status, start) VALUES ($1, $2, 'manual', 'ended', now())`,
    [siteId, deviceId],
  );
  await pool.query(
    `INSERT INTO bookings (site_id, device_id, start, "end", blocked_until)
     VALUES ($1, $2, now() + interval '1 day', now() + interval '25 hours', now() + interval '25 hours')`,
    [siteId, deviceId],
  );
  await pool.query(
    `INSERT INTO payments (site_id, purpose, status, provider, provider_account_id, description,
                           customer_name, customer_email, total, currency, succeeded_at)
     VALUES ($1, 'ride', 'succeeded', 'sandbox', 'acct_x', 'Ride', 'Guest', 'g@example.org', 1000, 'DKK', now())`,
    [siteId],
  );
  await pool.query(
    `INSERT INTO activity (device_id, site_id, type, message) VALUES ($1, $2, 'connect', 'Cart connected')`,
    [deviceId, siteId],
  );
  const onlyHere = (await createUser(rt, { role: 'admin', sites: [siteId] })).id;
  const alsoSecond = (await createUser(rt, { role: 'basic', sites: [secondId, siteId] })).id;
  const { id: inviteId } = await one<{ id: string }>(
    `INSERT INTO invites (email, token, role, sites, expires_at)
     VALUES ($1, $2, 'basic', ARRAY[$3::uuid, $4::uuid], now() + interval '1 day') RETURNING id`,
    [uniqueEmail('inv'), randomUUID(), siteId, secondId],
  );
  const { id: clientId } = await one<{ id: string }>(
    `INSERT INTO api_clients (name, key_hash, key_preview, sites)
     VALUES ('Partner', $1, 'fw_x', ARRAY[$2::uuid, $3::uuid]) RETURNING id`,
    [randomUUID(), siteId, secondId],
  );
  return { siteId, deviceId, onlyHere, alsoSecond, inviteId, clientId };
}

/** What is left of the club, table by table. */
async function remains(c: Club) {
  const { pool } = rt.ctx.database;
  const count = async (table: string) =>
    Number((await pool.query(`SELECT count(*) AS n FROM ${table} WHERE site_id = $1`, [c.siteId])).rows[0].n);
  const arrays = async (table: string, id: string) =>
    ((await pool.query(`SELECT sites FROM ${table} WHERE id = $1`, [id])).rows[0] as { sites: string[] })
      .sites;
  const device = (await pool.query(`SELECT site_id, car_number FROM devices WHERE id = $1`, [c.deviceId]))
    .rows[0] as { site_id: string; car_number: string | null };
  return {
    sites: Number((await pool.query(`SELECT count(*) AS n FROM sites WHERE id = $1`, [c.siteId])).rows[0].n),
    rides: await count('rides'),
    bookings: await count('bookings'),
    payments: await count('payments'),
    activity: await count('activity'),
    device,
    onlyHere: await arrays('users', c.onlyHere),
    alsoSecond: await arrays('users', c.alsoSecond),
    invite: await arrays('invites', c.inviteId),
    client: await arrays('api_clients', c.clientId),
  };
}

const deleteSite = (siteId: string) =>
  rt.app.inject({ method: 'DELETE', url: `/api/admin/sites/${siteId}`, headers: asUser(superadmin) });

describe('DELETE /api/admin/sites/:id', () => {
  it('moves the carts to staging, removes rides, bookings, payments and activity, and drops the id everywhere', async () => {
    const c = await club();
    expect(await remains(c)).toMatchObject({ sites: 1, rides: 1, bookings: 1, payments: 1, activity: 1 });

    expect((await deleteSite(c.siteId)).statusCode).toBe(204);

    expect(await remains(c)).toEqual({
      sites: 0,
      rides: 0,
      bookings: 0,
      payments: 0,
      activity: 0,
      device: { site_id: stagingId, car_number: null },
      onlyHere: [],
      alsoSecond: [secondId],
      invite: [secondId],
      client: [secondId],
    });
    expect((await deleteSite(c.siteId)).statusCode).toBe(404);
  });

  it('is one transaction: a failure at its last step leaves everything as it was', async () => {
    const c = await club();
    const before = await remains(c);
    const { pool } = rt.ctx.database;
    // The test's own failure, only for this site: the delete of the site row itself raises.
    const fn = `fail_delete_${c.siteId.replaceAll('-', '')}`;
    await pool.query(`
      CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.id = '${c.siteId}' THEN RAISE EXCEPTION 'injected failure'; END IF;
        RETURN OLD;
      END $$;
      CREATE TRIGGER ${fn} BEFORE DELETE ON sites FOR EACH ROW EXECUTE FUNCTION ${fn}();`);
    try {
      const res = await deleteSite(c.siteId);
      expect(res.statusCode).toBe(500);
    } finally {
      await pool.query(`DROP TRIGGER ${fn} ON sites; DROP FUNCTION ${fn}();`);
    }
    expect(await remains(c)).toEqual(before);
    expect(before.device.site_id).toBe(c.siteId);
    // Once the failure is gone the same delete goes through.
    expect((await deleteSite(c.siteId)).statusCode).toBe(204);
  });

  it('answers a user whose only site was deleted clearly: no sites listed, 403 naming the site access', async () => {
    const c = await club();
    const user = await rt.ctx.db.query.users.findFirst({
      where: (users, { eq }) => eq(users.id, c.onlyHere),
    });
    const token = await loginAs(rt, user!.email, 'test-password-1');
    expect(
      (await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(token, c.siteId) })).statusCode,
    ).toBe(200);

    expect((await deleteSite(c.siteId)).statusCode).toBe(204);

    const call = await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(token, c.siteId) });
    expect(call.statusCode).toBe(403);
    expect(call.json()).toEqual({ message: 'You do not have access to this site' });
    // The web app clears its selected site and finds none left to choose.
    const list = await rt.app.inject({ url: '/api/dashboard/sites/list', headers: asUser(token) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    // A superadmin who had it selected gets the same clear 403 on dashboard calls.
    const admin = await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(superadmin, c.siteId) });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ message: 'You do not have access to this site' });
  });
});
