import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  addDays,
  localDate,
  zonedInstant,
  type ClientBookingView,
  type ClientSaved,
  type ClientView,
} from '@fairway/domain';
import { withClubOpenAllDay } from './support/club';
import { ACCOUNTS, DEMO_PASSWORD, logIn } from './support/session';

/**
 * Issue 21 item 9: a superadmin adds an API client for the demo club; its key books a cart through the client
 * API (no cart named: the recommended one), and the booking shows on the operator's calendar on that day.
 */

/** The superadmin's calls, without a browser page of their own: the flow under test is the operator's. */
async function superadminApi(request: APIRequestContext) {
  const login = await request.post('/api/dashboard/auth/login', {
    data: { email: ACCOUNTS.superadmin, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  return {
    create: async (name: string, sites: string[]) => {
      const res = await request.post('/api/admin/clients', { headers, data: { name, sites } });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as ClientSaved & { apiKey: string };
    },
    list: async () => (await (await request.get('/api/admin/clients', { headers })).json()) as ClientView[],
    remove: (id: string) => request.delete(`/api/admin/clients/${id}`, { headers }),
  };
}

test('a client key books through the client API and the booking shows on the calendar', async ({ page }) => {
  const admin = await superadminApi(page.request);
  await logIn(page, ACCOUNTS.admin);
  await withClubOpenAllDay(page, async (site) => {
    const { client, apiKey } = await admin.create(`E2E booking system ${Date.now().toString(36)}`, [
      site._id,
    ]);
    const withKey = { 'x-api-key': apiKey };
    const name = `E2E Partner Guest ${Date.now().toString(36)}`;
    const day = addDays(localDate(Date.now(), site.timezone), 1);
    const at = (time: string) => new Date(zonedInstant(day, time, site.timezone)).toISOString();
    const booked = await page.request.post(`/api/client/v1/sites/${site._id}/bookings`, {
      headers: withKey,
      data: { start: at('06:00'), end: at('07:00'), name, externalRef: 'E2E-1' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const booking = (await booked.json()) as ClientBookingView;
    try {
      await page.goto('/bookings');
      await page.getByRole('button', { name: 'Tomorrow' }).click();
      const column = page.getByRole('group', { name: `Cart ${booking.carNumber}` });
      await expect(column.getByTestId('booking-event').filter({ hasText: name })).toBeVisible();
      // The key's one call is counted on the client.
      expect((await admin.list()).find((row) => row._id === client._id)?.usage.count).toBe(1);
    } finally {
      await page.request.delete(`/api/client/v1/bookings/${booking._id}`, { headers: withKey });
      await admin.remove(client._id);
    }
  });
});
