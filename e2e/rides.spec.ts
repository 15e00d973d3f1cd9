import { expect, test, type Page } from '@playwright/test';
import type { GuestRideView, RideDetail } from '@fairway/domain';
import { apiAs } from './support/api';
import {
  availableCart,
  eighteenHoleGuestRate,
  expectNoHorizontalScroll,
  fillCard,
  guestPhone,
  withClubOpenAllDay,
} from './support/club';
import { ACCOUNTS, logIn } from './support/session';
import { startSilentCart } from './support/silent-cart';

/** From the cart page to the provider's checkout: price, details, terms, pay. */
async function buyRide(guest: Page, rateName: string, first: string, last: string): Promise<void> {
  await guest.getByRole('link', { name: 'Choose a price' }).click();
  await expect(guest.getByRole('heading', { name: 'Choose a price' })).toBeVisible();
  await guest.getByRole('link', { name: `Choose ${rateName}` }).click();
  await guest.getByLabel('First name').fill(first);
  await guest.getByLabel('Last name').fill(last);
  await guest.getByLabel('Email').fill('E2E.Rider@Example.com ');
  await guest.getByLabel('I accept the terms and conditions').check();
  await expectNoHorizontalScroll(guest);
  await guest.getByRole('button', { name: /^Pay/ }).click();
  // The sandbox's hosted checkout, as Stripe's would be.
  await expect(guest).toHaveURL(/\/sandbox\/checkout\//);
  await expect(guest.getByText('£40.50').first()).toBeVisible();
  await fillCard(guest, '4242 4242 4242 4242');
  await guest.getByRole('button', { name: /^Pay/ }).click();
}

const sessionIdOf = (guest: Page) => /\/session\/([0-9a-f-]{36})/.exec(guest.url())?.[1];

test('a guest scans, pays, rides and ends the ride; the operator sees it with its trail', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await logIn(page, ACCOUNTS.admin);
  await withClubOpenAllDay(page, async () => {
    const cart = await availableCart(page);
    const { rate } = await eighteenHoleGuestRate(page);
    const last = `Rider${Date.now().toString(36)}`;
    const guest = await guestPhone(browser, baseURL);

    // The QR code on the cart opens its page, its HTML compressed like its scripts (a phone on 4G).
    const shell = await guest.goto(`/ride/${cart._id}`);
    expect(shell?.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
    await expect(guest.getByRole('heading', { name: `Cart ${cart.carNumber}` })).toBeVisible();
    await expect(guest.getByText('This cart is free.')).toBeVisible();
    await expectNoHorizontalScroll(guest);
    await guest.getByRole('button', { name: /18 holes/ }).click();
    await buyRide(guest, rate.name, 'E2E', last);

    // Back from the provider: the page follows the payment, the webhook makes it succeed, the simulated
    // cart confirms the unlock, and the ride runs.
    await expect(guest.getByRole('heading', { name: 'Enjoy your ride!' })).toBeVisible({ timeout: 30_000 });
    await expect(guest.getByText(`E2E ${last}`)).toBeVisible();
    const sessionId = sessionIdOf(guest);
    expect(sessionId).toBeDefined();
    const elapsed = guest.getByTestId('ride-elapsed');
    const first = await elapsed.textContent();
    await expect(elapsed).not.toHaveText(first ?? '', { timeout: 5_000 });
    await expectNoHorizontalScroll(guest);

    // The cart drives off: wait until the ride has a trail before ending it.
    await expect
      .poll(
        async () => (await apiAs<RideDetail>(page, `/dashboard/rides/${sessionId}?hiRes=true`)).trail.length,
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThanOrEqual(2);

    await guest.getByRole('button', { name: 'End ride' }).click();
    await guest.getByRole('dialog').getByRole('button', { name: 'End ride' }).click();
    await expect(guest.getByRole('heading', { name: 'Ride ended' })).toBeVisible({ timeout: 20_000 });
    await expect(guest.getByText('Thank you for riding with us!')).toBeVisible();
    const ended = (await (await guest.request.get(`/api/guest/rides/${sessionId}`)).json()) as GuestRideView;
    expect(ended).toMatchObject({ stage: 'ended', status: 0, endReason: 'guest', type: 'payment' });

    // The operator's Rides page: the same ride, with its trail on the map.
    await page.goto('/rides');
    await page.getByLabel('Search rides').fill(cart.carNumber!);
    const card = page.getByTestId('ride-card').filter({ hasText: last });
    await expect(card).toBeVisible();
    await card.click();
    await expect(page).toHaveURL(new RegExp(`ride=${sessionId}`));
    await expect(page.getByTestId('ride-detail-driver')).toContainText(last);
    await expect(page.getByText('e2e.rider@example.com')).toBeVisible();
    const map = page.getByTestId('ride-map');
    await expect(map.locator('.leaflet-overlay-pane path').first()).toBeAttached({ timeout: 20_000 });
    // Start marker 1 and end marker 2.
    await expect(map.locator('.fw-ride-marker')).toHaveCount(2);
  });
});

test('a cart that never confirms: the guest retries once, is sent to the reception and refunded', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  await logIn(page, ACCOUNTS.admin);
  await withClubOpenAllDay(page, async (site) => {
    const cart = await startSilentCart(request, site._id);
    try {
      const { rate } = await eighteenHoleGuestRate(page);
      const guest = await guestPhone(browser, baseURL);
      await guest.goto(`/ride/${cart.deviceId}`);
      await expect(guest.getByRole('heading', { name: `Cart ${cart.carNumber}` })).toBeVisible({
        timeout: 20_000,
      });
      await guest.getByRole('button', { name: /18 holes/ }).click();
      await buyRide(guest, rate.name, 'Silent', 'Cart');

      await expect(guest.getByRole('heading', { name: 'Unlocking your cart' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(guest.getByText('Unlocking the cart…')).toBeVisible();
      // 20 s without the cart's confirmation: failed, with one retry.
      await expect(guest.getByRole('heading', { name: 'Failed to unlock' })).toBeVisible({ timeout: 30_000 });
      await guest.getByRole('button', { name: 'Try again' }).click();
      await expect(guest.getByRole('heading', { name: 'Unlocking your cart' })).toBeVisible();
      // The second failure leaves only the reception.
      await expect(guest.getByText('Failed to unlock. Please contact the reception.')).toBeVisible({
        timeout: 30_000,
      });
      await expect(guest.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      const sessionId = sessionIdOf(guest)!;
      // The server sent the cart its unlock more than once (attempts and the retry), none answered.
      expect(cart.commands.length).toBeGreaterThanOrEqual(2);

      // The unconfirmed paid unlock is refunded automatically, and the guest is told.
      await expect(guest.getByText('Your payment has been refunded.')).toBeVisible({ timeout: 90_000 });
      const ride = (await (await guest.request.get(`/api/guest/rides/${sessionId}`)).json()) as GuestRideView;
      expect(ride.payment).toMatchObject({ refunded: true });
      expect(ride).toMatchObject({ stage: 'ended', confirmed: false, endReason: 'unconfirmed' });
    } finally {
      await cart.remove();
    }
  });
});
