import { expect, test, type Page } from '@playwright/test';
import type {
  BookingView,
  CartView,
  GuestAvailableCarts,
  GuestKeyCarts,
  MembersPage,
  RideDetail,
  ServiceView,
  SiteView,
} from '@fairway/domain';
import { apiAs, apiRequest, apiSend } from './support/api';
import { expectNoHorizontalScroll, freeToTake, guestPhone, withClubOpenAllDay } from './support/club';
import { clearDemoBookingsAhead, startBookingLater } from './support/product-db';
import { ACCOUNTS, logIn } from './support/session';

/**
 * Issue 18 on a 360×640 phone: the club's portal (its poster and the Fleet's QR code lead to
 * /guest/site/{id}) with a member's virtual key, the marshal's master key and a guest's booking code.
 */
const ANNA = { email: 'anna@example.com', key: '135790' };
const MARSHAL_KEY = '864200';
const HOUR = 3_600_000;

// A round of 18 holes and a desk booking of an hour need carts the demo's tee sheet leaves free.
test.beforeAll(() => clearDemoBookingsAhead(6));

async function annaCredits(page: Page): Promise<number> {
  const found = await apiAs<MembersPage>(page, `/dashboard/members?query=${encodeURIComponent(ANNA.email)}`);
  const anna = found.data.find((member) => member.email === ANNA.email);
  expect(anna, 'Anna Müller in the demo club').toBeDefined();
  return anna!.credits;
}

/** Carts a guest could take now that `wanted` also lists, in the order of `wanted`. */
async function freeCartsAmong(page: Page, wanted: readonly string[]): Promise<CartView[]> {
  const free = new Map(
    (await apiAs<CartView[]>(page, '/dashboard/devices')).filter(freeToTake).map((cart) => [cart._id, cart]),
  );
  return wanted.flatMap((id) => (free.has(id) ? [free.get(id)!] : []));
}

/**
 * A staff booking, paid at the desk, from the 5-minute step just passed for an hour, of the first cart a guest
 * could take now that has that hour free: the demo's tee sheet books carts through the day, so a cart free
 * now may be booked within the hour (409 overlap), depending on when the suite runs.
 */
async function deskBooking(
  page: Page,
  name: string,
  note = '',
): Promise<{ cart: CartView; booking: BookingView }> {
  const step = 5 * 60_000;
  const start = Math.floor(Date.now() / step) * step;
  const carts = (await apiAs<CartView[]>(page, '/dashboard/devices')).filter(freeToTake);
  for (const cart of carts) {
    const response = await apiRequest(page, 'POST', '/dashboard/bookings', {
      start: new Date(start).toISOString(),
      end: new Date(start + HOUR).toISOString(),
      device: cart._id,
      name,
      note,
      prePaid: true,
    });
    if (response.ok()) return { cart, booking: (await response.json()) as BookingView };
    expect(response.status(), await response.text()).toBe(409);
  }
  throw new Error(`none of ${carts.length} free carts is free for the next hour`);
}

const cancelBooking = (page: Page, id: string) => apiSend(page, 'DELETE', `/dashboard/bookings/${id}`);

/** The club's weekday now (0 = Sunday), as its opening hours count days. */
function clubWeekday(site: SiteView): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: site.timezone, weekday: 'short' }).format(
    new Date(),
  );
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
}

async function enterCode(guest: Page, button: string, code: string, remember = false): Promise<void> {
  await guest.getByRole('button', { name: button }).click();
  const sheet = guest.getByRole('dialog');
  await sheet.getByRole('textbox').fill(code);
  if (remember) await sheet.getByRole('checkbox', { name: 'Remember code on this phone' }).check();
  await sheet.getByRole('button', { name: 'Continue' }).click();
}

async function endRide(guest: Page): Promise<void> {
  await guest.getByRole('button', { name: 'End ride' }).click();
  await guest.getByRole('dialog').getByRole('button', { name: 'End ride' }).click();
  await expect(guest.getByRole('heading', { name: 'Ride ended' })).toBeVisible({ timeout: 20_000 });
}

test('a member opens the portal, books the 18 holes with her virtual key and rides; her credits drop', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await logIn(page, ACCOUNTS.admin);
  await withClubOpenAllDay(page, async (site) => {
    const services = await apiAs<ServiceView[]>(page, '/dashboard/services');
    const eighteen = services.find((service) => service.name === '18 holes')!;
    const members = eighteen.prices.find((price) => price.name === 'Members')!;
    const creditsBefore = await annaCredits(page);
    // The carts her key may book now that are also free to take (online, locked, keyless).
    const offered = await (
      await page.request.get(
        `/api/guest/sites/${site._id}/key-carts?code=${ANNA.key}&serviceId=${eighteen._id}`,
      )
    ).json();
    const [cart] = await freeCartsAmong(
      page,
      (offered as GuestKeyCarts).carts.map((offer) => offer._id),
    );
    expect(cart, 'a cart Anna can book and take now').toBeDefined();

    const guest = await guestPhone(browser, baseURL);
    await guest.goto(`/guest/site/${site._id}`);
    await expect(guest.getByRole('heading', { name: 'Virtual key' })).toBeVisible();
    await expectNoHorizontalScroll(guest);
    await enterCode(guest, 'Enter key code', ANNA.key, true);

    await expect(guest.getByText(`Credits: ${creditsBefore}`)).toBeVisible();
    await guest.getByRole('radio', { name: /18 holes/ }).check();
    await guest.getByRole('radio', { name: new RegExp(`Cart ${cart!.carNumber}\\b`) }).check();
    await expect(
      guest.getByRole('region', { name: '3. Summary' }).getByText('Members', { exact: true }),
    ).toBeVisible();
    await expectNoHorizontalScroll(guest);
    await guest.getByRole('button', { name: 'Book now' }).click();

    // The booked cart is unlocked with the booking's code and the simulated cart confirms.
    await expect(guest.getByRole('heading', { name: 'Enjoy your ride!' })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => annaCredits(page)).toBe(creditsBefore - members.credits!);
    const session = /\/session\/([0-9a-f-]{36})/.exec(guest.url())?.[1];
    const ride = await apiAs<RideDetail>(page, `/dashboard/rides/${session}`);
    expect(ride.device).toBe(cart!._id);
    await endRide(guest);
  });
});

test('the marshal opens a booked cart with the master code on a day the club is closed', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await logIn(page, ACCOUNTS.admin);
  await withClubOpenAllDay(page, async (site) => {
    const { cart, booking } = await deskBooking(page, 'E2E Booked Guest');
    const closedToday = Array.from({ length: 7 }, (_, day) =>
      day === clubWeekday(site) ? null : { openTime: '00:00', closeTime: '24:00' },
    );
    await apiSend(page, 'PATCH', '/dashboard/sites', { updateData: { openingHours: closedToday } });
    try {
      const guest = await guestPhone(browser, baseURL);
      await guest.goto(`/guest/site/${site._id}`);
      await expect(guest.getByRole('heading', { name: 'The club is closed' })).toBeVisible();
      await expect(guest.getByText('Closed', { exact: true })).toBeVisible();
      await expectNoHorizontalScroll(guest);
      await enterCode(guest, 'Enter master code', MARSHAL_KEY);

      await expect(guest.getByRole('heading', { name: 'Master key' })).toBeVisible();
      const row = guest.getByRole('button', { name: new RegExp(`Cart ${cart.carNumber}\\b`) });
      await expect(row).toContainText('Booked');
      await row.click();
      await guest.getByRole('button', { name: 'Unlock', exact: true }).click();
      await expect(guest.getByText(`Cart ${cart.carNumber} is unlocked.`)).toBeVisible({ timeout: 20_000 });
      await expect
        .poll(async () => (await apiAs<CartView>(page, `/dashboard/devices/${cart._id}`)).lockStatus)
        .toBe(0);
      await guest.getByRole('button', { name: 'Lock', exact: true }).click();
      await expect(guest.getByText(`Cart ${cart.carNumber} is locked.`)).toBeVisible({ timeout: 20_000 });
      await expectNoHorizontalScroll(guest);
    } finally {
      await cancelBooking(page, booking._id);
    }
  });
});

test('a guest opens their booking with its code, moves it to another cart, waits out the countdown and rides', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await logIn(page, ACCOUNTS.admin);
  await withClubOpenAllDay(
    page,
    async (site) => {
      const { booking } = await deskBooking(page, 'E2E Booking Guest', 'Your clubs are at the desk.');
      try {
        const guest = await guestPhone(browser, baseURL);
        await guest.goto(`/guest/site/${site._id}`);
        await enterCode(guest, 'Enter booking code', booking.code);

        await expect(guest.getByRole('heading', { name: 'Your booking' })).toBeVisible();
        await expect(guest.getByText('E2E Booking Guest')).toBeVisible();
        await expect(guest.getByText('Your clubs are at the desk.')).toBeVisible();
        await expectNoHorizontalScroll(guest);

        // 'Problem with cart?': another cart free for the booking that a guest can also take now.
        const offered = (await (
          await page.request.get(`/api/guest/bookings/${booking._id}/available-carts?code=${booking.code}`)
        ).json()) as GuestAvailableCarts;
        const [second] = await freeCartsAmong(
          page,
          offered.availableCarts.filter((offer) => !offer.keyMode).map((offer) => offer._id),
        );
        expect(second, 'another free cart').toBeDefined();
        await guest.getByRole('button', { name: 'Problem with cart?' }).click();
        await guest.getByRole('dialog').getByRole('button', { name: 'Choose another cart' }).click();
        await guest
          .getByRole('dialog')
          .getByRole('button', { name: new RegExp(`Cart ${second!.carNumber}\\b`) })
          .click();
        await expect(guest.getByText(`Your booking is now on cart ${second!.carNumber}.`)).toBeVisible();

        // The unlock window now opens 12 s from now (the booking starts then; the club's booking offset is 0
        // for this test): the page counts down and enables the button when it opens, without a reload.
        expect(site.bookingOffset).toBe(0);
        await startBookingLater(booking._id, 12_000);
        await guest.reload();
        await expect(guest.getByText(/Unlocking opens in/)).toBeVisible();
        await expect(guest.getByRole('button', { name: 'Unlock cart' })).toBeDisabled();
        const unlock = guest.getByRole('button', { name: 'Unlock cart' });
        await expect(unlock).toBeEnabled({ timeout: 45_000 });
        await unlock.click();
        await expect(guest.getByRole('heading', { name: 'Enjoy your ride!' })).toBeVisible({
          timeout: 30_000,
        });
        const moved = await apiAs<BookingView>(page, `/dashboard/bookings/${booking._id}`);
        expect(moved.device).toBe(second!._id);
        expect(moved.session).not.toBeNull();
        await endRide(guest);
      } finally {
        await cancelBooking(page, booking._id).catch(() => undefined);
      }
    },
    { bookingOffset: 0 },
  );
});
