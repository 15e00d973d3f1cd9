import { expect, test, type Page } from '@playwright/test';
import type { BookingView, CartView, RideDetail, ServiceView } from '@fairway/domain';
import { apiAs, apiSend } from './support/api';
import { withClubOpenAllDay } from './support/club';
import { ACCOUNTS, logIn } from './support/session';

/**
 * Issue 17 item 8: an operator books in the dialog at the recommended cart and sees it on the calendar; a
 * second operator's calendar shows it live; the operator unlocks it inside its window and the simulated cart
 * confirms; a maintenance block over the booking is refused with the notice.
 */

test.describe.configure({ timeout: 180_000 });

/** Calls the API as `page`'s operator and answers the status and body, for refusals (apiSend throws on them). */
async function rawCall(page: Page, method: 'POST' | 'DELETE', path: string, body?: unknown) {
  const { token, siteId } = await page.evaluate(() => ({
    token: window.localStorage.getItem('fairway.accessToken'),
    siteId: (JSON.parse(window.localStorage.getItem('fairway.selectedSite') ?? '{}') as { siteId?: string })
      .siteId,
  }));
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token ?? ''}`, ...(siteId ? { 'site-id': siteId } : {}) },
    ...(body === undefined ? {} : { data: body }),
  });
  return { status: response.status(), text: await response.text() };
}

/** Ten hours apart or less around the world: one of them is always between 07:00 and 17:00. */
const DAYTIME_ZONES = [
  'Europe/London',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Pacific/Auckland',
  'America/Chicago',
  'Pacific/Honolulu',
];

/**
 * A start the server keeps as it is (on the 5-minute grid), already past (the unlock window is open) and
 * less than 4 minutes ago (inside the 5 minutes a booking may start in the past): waits for the next grid
 * instant when the last one is older.
 */
async function startOnGridJustPassed(page: Page): Promise<number> {
  const STEP = 5 * 60_000;
  const last = Math.floor(Date.now() / STEP) * STEP;
  if (Date.now() - last < 4 * 60_000) return last;
  await page.waitForTimeout(last + STEP - Date.now() + 1_000);
  return last + STEP;
}

const eventNamed = (page: Page, name: string) => page.getByTestId('booking-event').filter({ hasText: name });

test('an operator books at the recommended cart, a second operator sees it live, staff unlock it and the cart confirms; maintenance over it is refused', async ({
  page,
  browser,
  baseURL,
}) => {
  await logIn(page, ACCOUNTS.admin);
  // The club's day must have slots left whenever the suite runs: the site is put in a time zone where it is
  // daytime now (the flow books the next half hour and moves it to now), and put back afterwards.
  const home = await apiAs<{ _id: string; timezone: string }>(page, '/dashboard/sites');
  // Only a platform admin sets a site's time zone.
  const platform = await (await browser.newContext({ baseURL })).newPage();
  await logIn(platform, ACCOUNTS.superadmin);
  const setZone = (timezone: string) =>
    apiSend(platform, 'PATCH', `/admin/sites/${home._id}`, { updateData: { timezone } });
  const daytime = DAYTIME_ZONES.find((zone) => {
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { hour: 'numeric', timeZone: zone }).format(new Date()),
    );
    return hour >= 7 && hour < 17;
  })!;
  await setZone(daytime);
  try {
    await withClubOpenAllDay(page, async (site) => {
      // A short service, so a slot fits before the club's midnight whenever the suite runs.
      const serviceName = `E2E round ${Date.now().toString(36)}`;
      const service = await apiSend<ServiceView>(page, 'POST', '/dashboard/services', {
        name: serviceName,
        duration: 30,
        prices: [],
      });
      const driver = `E2E Booker ${Date.now().toString(36)}`;

      // The second operator watches today's calendar.
      const other = await (await browser.newContext({ baseURL, locale: 'en-GB' })).newPage();
      await logIn(other, ACCOUNTS.admin);
      await other.goto('/bookings');
      await expect(other.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
      await expect(other.getByTestId('bookings-count')).toBeVisible();

      await page.goto('/bookings');
      await page.getByRole('button', { name: 'Add booking' }).click();
      const dialog = page.getByRole('dialog', { name: 'New booking' });
      await dialog.getByRole('combobox', { name: 'Service' }).click();
      await page.getByRole('option', { name: serviceName }).click();
      await dialog.locator('[data-testid="booking-slot"]:not([aria-disabled="true"])').first().click();
      // The recommended cart is chosen, starred.
      const cartSelect = dialog.getByRole('combobox', { name: /Cart/ });
      await expect(cartSelect).toContainText('(recommended)');
      const carNumber = ((await cartSelect.textContent()) ?? '').replace(' (recommended)', '').trim();
      await dialog.getByRole('combobox', { name: /Driver/ }).fill(driver);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Booking saved')).toBeVisible();

      // On the calendar, in the recommended cart's column; and live on the other operator's.
      const column = page.getByRole('group', { name: `Cart ${carNumber}` });
      await expect(column.getByTestId('booking-event').filter({ hasText: driver })).toBeVisible();
      await expect(eventNamed(other, driver)).toBeVisible();
      await expect(other.getByRole('group', { name: `Cart ${carNumber}` })).toContainText(driver);

      const bookings = await apiAs<BookingView[]>(page, '/dashboard/bookings');
      const booking = bookings.find((item) => item.name === driver)!;
      expect(booking.carNumber).toBe(carNumber);

      try {
        // The slot starts at the next half hour; the booking is moved to start just now, and the unlock window
        // (start + the site's booking offset … end) made to open at the start, so it is open now. (The cart
        // was recommended because it is in the barn: one out on a walk-up round would answer 'in use'.)
        await apiSend(page, 'PATCH', '/dashboard/sites', { updateData: { bookingOffset: 0 } });
        await apiSend(page, 'PATCH', `/dashboard/bookings/${booking._id}`, {
          // Never later than the slot's own start (when that has passed already, the window is open).
          start: new Date(
            Math.min(await startOnGridJustPassed(page), Date.parse(booking.start)),
          ).toISOString(),
        });
        await page.reload();
        await eventNamed(page, driver).getByTestId('booking-event-name').click();
        const view = page.getByRole('dialog', { name: 'Booking' });
        await view.getByRole('button', { name: 'Unlock cart' }).click();
        await expect(page.getByText(`Unlock sent to cart ${carNumber}`)).toBeVisible();
        // The simulated cart confirms: it reports itself unlocked and the booking's ride is confirmed.
        await expect
          .poll(
            async () =>
              (await apiAs<CartView[]>(page, '/dashboard/devices')).find((c) => c._id === booking.device)
                ?.lockStatus,
            {
              timeout: 30_000,
            },
          )
          .toBe(0);
        const unlocked = (await apiAs<BookingView[]>(page, '/dashboard/bookings')).find(
          (b) => b._id === booking._id,
        )!;
        expect(unlocked.session).not.toBeNull();
        await expect
          .poll(
            async () => (await apiAs<RideDetail>(page, `/dashboard/rides/${unlocked.session}`)).confirmed,
            {
              timeout: 30_000,
            },
          )
          .toBe(true);

        // A maintenance block over the booking: the dialog names the bookings and will not save …
        await page.getByRole('button', { name: 'Maintenance', exact: true }).click();
        const maintenance = page.getByRole('dialog', { name: 'New maintenance' });
        await maintenance.getByRole('combobox', { name: /Cart/ }).click();
        await page.getByRole('option', { name: carNumber, exact: true }).click();
        await expect(maintenance.getByTestId('maintenance-bookings-exist')).toContainText(
          'Bookings exist for this cart between',
        );
        await expect(maintenance.getByRole('button', { name: 'Save' })).toBeDisabled();
        await maintenance.getByRole('button', { name: 'Cancel' }).click();
        // … and the server refuses it too.
        const refused = await rawCall(page, 'POST', '/dashboard/bookings', {
          bookingType: 'cart_maintenance',
          device: booking.device,
          start: new Date(Date.now() + 60_000).toISOString(),
          end: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        });
        expect(refused.status).toBe(409);
        expect(refused.text).toContain('Bookings exist for this cart between');

        // Ending the booking's ride locks the cart again for the next test.
        await apiSend(page, 'POST', '/dashboard/rides/end', { session: unlocked.session });
      } finally {
        await apiSend(page, 'PATCH', '/dashboard/sites', {
          updateData: { bookingOffset: site.bookingOffset },
        });
        await rawCall(page, 'DELETE', `/dashboard/bookings/${booking._id}`);
        await rawCall(page, 'DELETE', `/dashboard/services/${service._id}`);
        await other.context().close();
      }
    });
  } finally {
    await setZone(home.timezone);
    await platform.context().close();
  }
});
