import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, logIn, logOut } from './support/session';

const markers = '[data-testid^="cart-marker-"]';

/**
 * Clustering is on until turned off, and a cart inside a bubble (or out of view) has no marker element of
 * its own. The specs that count or read markers turn it off first; the choice is remembered, so a reload
 * keeps it.
 */
async function showEveryMarker(page: Page): Promise<void> {
  const toggle = page.getByTestId('map-cluster-toggle');
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
}

test('an operator sees the live fleet on the map, watches a cart move and logs out', async ({ page }) => {
  // Tiles fail to load in this run (unreachable host); that may log resource errors, never break the page.
  const uncaught: Error[] = [];
  page.on('pageerror', (error) => uncaught.push(error));
  await logIn(page, ACCOUNTS.admin);
  await showEveryMarker(page);

  // 16 demo carts, all with a position, even though no map tile can load in this run.
  await expect(page.locator(markers)).toHaveCount(16);
  await expect(page.getByTestId('cart-count')).toHaveText('16');
  await expect(page.getByTestId('connection-lost')).toBeHidden();

  // Live updates: some cart's reported position changes within 30 s (the simulator drives the carts).
  const positions = () =>
    page
      .locator(markers)
      .evaluateAll((elements) =>
        Object.fromEntries(
          elements.map((element) => [
            element.dataset.testid,
            `${element.dataset.lat},${element.dataset.lng}`,
          ]),
        ),
      );
  const before = await positions();
  expect(Object.keys(before)).toHaveLength(16);
  await expect
    .poll(
      async () => {
        const now = await positions();
        return Object.keys(now).filter((id) => now[id] !== before[id]);
      },
      { timeout: 30_000, intervals: [500] },
    )
    .not.toEqual([]);

  await logOut(page);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  // A deliberate logout is not a lost session.
  await expect(page.getByText('Your session has ended')).toHaveCount(0);
  expect(uncaught).toEqual([]);
});

test('the map stays usable without tiles: toggles, search, the cart list and the bottom sheet work', async ({
  page,
}) => {
  await logIn(page, ACCOUNTS.admin);
  await showEveryMarker(page);
  await expect(page.locator(markers)).toHaveCount(16);

  await page.getByTestId('base-layer-satellite').click();
  await expect(page.getByTestId('base-layer-satellite')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('base-layer-street').click();
  await expect(page.getByTestId('base-layer-street')).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('searchbox', { name: 'Search carts' }).fill('12');
  await expect(page.getByTestId('cart-row-12')).toBeVisible();
  await expect(page.getByTestId('cart-row-3')).toBeHidden();
  await page.getByTestId('cart-row-12').click();
  await expect(page.getByTestId('cart-marker-12')).toHaveAttribute('aria-pressed', 'true');

  // The selected cart's sheet; closing it clears the selection.
  const sheet = page.getByTestId('map-bottom-sheet');
  await expect(sheet).toContainText('Cart 12');
  await expect(sheet.getByTestId('map-lock-toggle')).toHaveAttribute('data-state', /^(locked|unlocked)$/);
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId('cart-marker-12')).toHaveAttribute('aria-pressed', 'false');

  // Admins (role user and up) get the History and Zones tools.
  await expect(page.getByTestId('map-history-button')).toBeVisible();
  await expect(page.getByTestId('map-zones-button')).toBeVisible();

  // The clustering choice is remembered across a reload.
  await page.reload();
  await expect(page.getByTestId('map-cluster-toggle')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator(markers)).toHaveCount(16);
});

test('losing the network shows the persistent "Disconnected" warning until the connection is back', async ({
  page,
  context,
}) => {
  await logIn(page, ACCOUNTS.admin);
  await showEveryMarker(page);
  await expect(page.locator(markers)).toHaveCount(16);
  await expect(page.getByTestId('connection-lost')).toBeHidden();

  await context.setOffline(true);
  await expect(page.getByTestId('connection-lost')).toHaveText('Disconnected. Trying to reconnect...');
  await context.setOffline(false);
  await expect(page.getByTestId('connection-lost')).toBeHidden({ timeout: 30_000 });
});

test('switching site moves the map and the live list to the other club', async ({ page }) => {
  await logIn(page, ACCOUNTS.superadmin);
  await showEveryMarker(page);
  await expect(page.getByTestId('site-selector')).toContainText('Demo Golf Club');
  await expect(page.getByTestId('cart-count')).toHaveText('16');

  await page.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option', { name: 'Second Club' }).click();

  await expect(page.getByTestId('cart-count')).toHaveText('4');
  await expect(page.locator(markers)).toHaveCount(4);
  // The choice is remembered: a reload stays on the second club.
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('4');
});
