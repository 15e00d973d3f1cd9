import { expect, test, type Locator, type Page } from '@playwright/test';
import type { CartView, ServiceView, SiteView } from '@fairway/domain';
import { apiAs } from './support/api';
import { ACCOUNTS, logIn } from './support/session';

/** Types a time into an MUI X time field (its hour and minute sections), as an operator does. */
async function typeTime(page: Page, field: Locator, time: string): Promise<void> {
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(time.replace(':', ''));
}

test('an admin opens the course on Sundays from 07:30 and the hours are saved', async ({ page }) => {
  await logIn(page, ACCOUNTS.admin);
  await page.goto('/settings/booking');
  // The Old Course is closed on Sundays in the demo.
  const sundayOpen = page.getByRole('switch', { name: 'Sunday open' });
  await expect(sundayOpen).not.toBeChecked();
  await sundayOpen.check();
  // A day that was never open starts at 05:00–20:00 (spec §4).
  const opens = page.getByRole('group', { name: 'Sunday opens' });
  await expect(opens).toContainText('05');
  await typeTime(page, opens, '07:30');
  await page.getByTestId('opening-hours-save').click();
  await expect(page.getByText('Opening hours updated')).toBeVisible();

  const site = await apiAs<SiteView>(page, '/dashboard/sites');
  expect(site.openingHours[0]).toEqual({ openTime: '07:30', closeTime: '20:00' });
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Sunday open' })).toBeChecked();
});

test('an admin adds a service with two prices for two user groups', async ({ page }) => {
  const name = `E2E round ${Date.now().toString(36)}`;
  await logIn(page, ACCOUNTS.admin);
  await page.goto('/settings/booking');
  await page.getByRole('button', { name: 'Add service' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);

  const price = async (index: number, group: string, amount: string) => {
    await dialog.getByRole('button', { name: 'Add price' }).click();
    const editor = dialog.getByRole('group', { name: `Price ${index}` });
    await editor.getByRole('combobox', { name: /User group/ }).click();
    await page.getByRole('option', { name: group, exact: true }).click();
    // The price's name follows its user group until the operator types one (spec §4).
    await expect(editor.getByRole('textbox', { name: /^Price name/ })).toHaveValue(group);
    await editor.getByRole('textbox', { name: /^Amount/ }).fill(amount);
  };
  await price(1, 'Members', '18,50');
  await price(2, 'Juniors', '9');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  const saved = (await apiAs<ServiceView[]>(page, '/dashboard/services')).find((s) => s.name === name)!;
  expect(saved.duration).toBe(360);
  expect(
    saved.prices
      .map((p) => ({ name: p.name, amount: p.amount, group: p.userGroupName }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  ).toEqual([
    { name: 'Juniors', amount: 900, group: 'Juniors' },
    { name: 'Members', amount: 1850, group: 'Members' },
  ]);
});

test('the speed unit chosen in the settings applies to the speeds on the map', async ({ page }) => {
  await logIn(page, ACCOUNTS.admin);
  const sheetOfCart = async () => {
    await page.getByTestId('cart-row-3').click();
    const sheet = page.getByTestId('map-bottom-sheet');
    await expect(sheet).toBeVisible();
    return sheet;
  };
  await expect(await sheetOfCart()).toContainText(/\d km\/h/);

  await page.goto('/settings/general');
  await page.getByRole('button', { name: 'mph', exact: true }).click();
  await expect(page.getByRole('button', { name: 'mph', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto('/');
  const sheet = await sheetOfCart();
  await expect(sheet).toContainText(/\d mph/);
  await expect(sheet).not.toContainText('km/h');
});

test('published settings reach every cart, and the fleet shows them confirmed', async ({ page }) => {
  await logIn(page, ACCOUNTS.admin);
  const versionsBefore = new Map(
    (await apiAs<CartView[]>(page, '/dashboard/devices')).map((cart) => [cart._id, cart.configVersion]),
  );

  await page.goto('/settings/general');
  const roundTimeout = page.getByLabel(/^Round timeout/);
  await roundTimeout.fill('280');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // Saved, not yet on the carts: the bar names what they lack.
  const bar = page.getByTestId('unpublished-settings');
  await expect(bar).toContainText('Round timeout');
  await bar.getByRole('button', { name: 'Publish to carts' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Settings published to 16 carts/)).toBeVisible();
  await expect(bar).toBeHidden();

  // Every simulated cart applies the new config and acknowledges it, which clears its pending 'SS'.
  await expect
    .poll(
      async () =>
        (await apiAs<CartView[]>(page, '/dashboard/devices')).filter(
          (cart) =>
            cart.configVersion > (versionsBefore.get(cart._id) ?? 0) &&
            cart.configAckedVersion === cart.configVersion &&
            !cart.updates.includes('ss'),
        ).length,
      { timeout: 20_000 },
    )
    .toBe(16);
  await page.getByRole('link', { name: 'See which carts have confirmed' }).click();
  await expect(page).toHaveURL(/\/fleet$/);
  await expect(page.getByText('Up to date').first()).toBeVisible();
  await expect(page.getByText('SS', { exact: true })).toHaveCount(0);
});

test('a club without payments activates them through the sandbox onboarding and gets its public profile', async ({
  page,
}) => {
  await logIn(page, ACCOUNTS.superadmin);
  // Second Club is seeded without a payment account.
  await page.getByTestId('site-selector').click();
  await page.getByRole('option', { name: 'Second Club' }).click();
  await page.goto('/settings/booking');
  await expect(page.getByRole('switch', { name: /Booking App/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Activate payments' }).click();

  await expect(page).toHaveURL(/\/sandbox\/onboarding\/acct_sbx_/);
  await page.getByRole('button', { name: 'Complete onboarding' }).click();

  await expect(page).toHaveURL(/\/settings\/booking/);
  await expect(page.getByText('Payments are active')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate payments' })).toHaveCount(0);
  const bookingApp = page.getByRole('switch', { name: /Booking App/ });
  await expect(bookingApp).not.toBeChecked();
  await bookingApp.check();
  // The switch shows where it is going while the change saves: the toast says it was saved.
  await expect(page.getByText('Booking App Enabled', { exact: true })).toBeVisible();
  await expect(page.getByText('Booking app enabled', { exact: true })).toBeVisible();
  expect((await apiAs<SiteView>(page, '/dashboard/sites')).publicProfile.active).toBe(true);
});
