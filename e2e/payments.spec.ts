import { expect, test, type Browser, type Page } from '@playwright/test';
import type { CartView, CheckoutSessionAnswer, GuestPaymentView } from '@fairway/domain';
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

/** A simulated cart a guest could take now, and the 18-hole guest rate (£40 + the demo's £0.50 unlock fee). */
async function cartAndRate(page: Page) {
  return { cart: await availableCart(page), rate: (await eighteenHoleGuestRate(page)).rate };
}

/** What the guest's phone asks the server for: a checkout at the club's own price for this cart. */
async function startCheckout(guest: Page, siteId: string, deviceId: string, rateId: string, name: string) {
  const response = await guest.request.post('/api/guest/stripe/generate-checkout-session', {
    data: {
      siteId,
      deviceId,
      rateId,
      name,
      email: 'e2e.guest@example.com',
      // Back to the sandbox's own page, which then shows the checkout as paid.
      success_url: `${new URL(guest.url()).origin}/sandbox/checkout/{CHECKOUT_SESSION_ID}`,
      cancel_url: `${new URL(guest.url()).origin}/`,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as CheckoutSessionAnswer;
}

async function phone(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const guest = await guestPhone(browser, baseURL);
  // The guest is on the club's site (the ride pages) before checkout starts.
  await guest.goto('/sandbox/checkout/cs_sbx_000000000000000000000000');
  await expect(guest.getByText('Checkout not found')).toBeVisible();
  return guest;
}

test('a guest pays in the sandbox, the cart unlocks, and the operator sees the payment on the Revenue page', async ({
  page,
  browser,
  baseURL,
}) => {
  await logIn(page, ACCOUNTS.admin);
  await withClubOpenAllDay(page, async (site) => {
    const { cart, rate } = await cartAndRate(page);
    const guestName = `E2E Guest ${Date.now().toString(36)}`;
    const guest = await phone(browser, baseURL);
    const checkout = await startCheckout(guest, site._id, cart._id, rate._id!, guestName);

    await guest.goto(checkout.url);
    await expect(guest.getByText('£40.50').first()).toBeVisible();
    // Phone first: nothing scrolls sideways at 360 px.
    await expectNoHorizontalScroll(guest);
    await fillCard(guest, '4242 4242 4242 4242');
    await guest.getByRole('button', { name: /^Pay/ }).click();
    await expect(guest.getByText('Already paid')).toBeVisible();

    // The provider's webhook, not the browser, made it succeed; the simulated cart confirmed the unlock.
    await expect
      .poll(async () => (await guest.request.get(`/api/guest/payments/${checkout.paymentId}`)).json(), {
        timeout: 20_000,
      })
      .toMatchObject({ status: 'succeeded', refunded: false, total: 4050 });
    const payment = (await (
      await guest.request.get(`/api/guest/payments/${checkout.paymentId}`)
    ).json()) as GuestPaymentView;
    expect(payment.rideId).not.toBeNull();
    await expect
      .poll(async () => (await apiAs<CartView>(page, `/dashboard/devices/${cart._id}`)).inUse, {
        timeout: 20_000,
      })
      .toBe(true);

    await page.goto('/charts/revenue');
    const row = page.getByRole('row').filter({ hasText: guestName });
    await expect(row).toBeVisible();
    await expect(row).toContainText('£40.50');
    await expect(row).toContainText('Succeeded');
  });
});

test('a declined card is refused on the checkout page and nothing unlocks', async ({
  page,
  browser,
  baseURL,
}) => {
  await logIn(page, ACCOUNTS.admin);
  await withClubOpenAllDay(page, async (site) => {
    const { cart, rate } = await cartAndRate(page);
    const guest = await phone(browser, baseURL);
    const checkout = await startCheckout(guest, site._id, cart._id, rate._id!, 'Declined Guest');
    await guest.goto(checkout.url);
    await fillCard(guest, '4000 0000 0000 0002');
    await guest.getByRole('button', { name: /^Pay/ }).click();
    await expect(guest.getByText('Your card was declined. Try another card.')).toBeVisible();
    await expect
      .poll(
        async () =>
          (
            (await (
              await guest.request.get(`/api/guest/payments/${checkout.paymentId}`)
            ).json()) as GuestPaymentView
          ).status,
      )
      .toBe('failed');
    expect((await apiAs<CartView>(page, `/dashboard/devices/${cart._id}`)).inUse).toBe(false);
  });
});
