import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, logIn } from './support/session';

/** Flips a lock-state control and waits until the cart confirmed the new state (≤ the 10 s lock window). */
async function flip(page: Page, control: Locator, stateOf: Locator): Promise<void> {
  const before = await stateOf.getAttribute('data-state');
  const expected = before === 'locked' ? 'unlocked' : 'locked';
  await control.click();
  await expect(stateOf).toHaveAttribute('data-state', expected, { timeout: 12_000 });
  // The toast is the spec's confirmation; no "could not" message may appear.
  await expect(page.getByText(/could not be (locked|unlocked)/)).toHaveCount(0);
}

test('staff (basic) locks and unlocks a cart from the map bottom sheet, without the zone editor', async ({
  page,
}) => {
  await logIn(page, ACCOUNTS.staff);
  await page.getByTestId('cart-row-3').click();
  const sheet = page.getByTestId('map-bottom-sheet');
  await expect(sheet).toBeVisible();
  const toggle = sheet.getByTestId('map-lock-toggle');
  await expect(toggle).toBeEnabled();
  await flip(page, toggle, toggle);
  await flip(page, toggle, toggle);
  // History and Zones are for role user and up (spec §6).
  await expect(page.getByTestId('map-zones-button')).toHaveCount(0);
  await expect(page.getByTestId('map-history-button')).toHaveCount(0);
});

test("an admin locks and unlocks carts with the fleet's bulk actions and sees the state change", async ({
  page,
}) => {
  await logIn(page, ACCOUNTS.admin);
  await page.goto('/fleet');
  const state = page.getByTestId('fleet-lock-state-5');
  await expect(state).toBeVisible();
  for (let round = 0; round < 2; round += 1) {
    const action = (await state.getAttribute('data-state')) === 'locked' ? 'unlock' : 'lock';
    const expected = action === 'lock' ? 'locked' : 'unlocked';
    await page.getByTestId('fleet-select-5').check();
    await page.getByTestId('fleet-actions').click();
    await page.getByTestId(`fleet-action-${action}`).click();
    await expect(page.getByText(/Command sent to 1 Car\(s\)/)).toBeVisible();
    await expect(state).toHaveAttribute('data-state', expected, { timeout: 12_000 });
    if (await page.getByTestId('fleet-select-5').isChecked())
      await page.getByTestId('fleet-select-5').uncheck();
  }
});

test('an admin draws, saves and publishes a parking zone', async ({ page }) => {
  await logIn(page, ACCOUNTS.admin);
  // Moving carts would take the clicks meant for the outline's corners.
  await page.getByTestId('map-carts-toggle').click();
  await expect(page.locator('[data-testid^="cart-marker-"]')).toHaveCount(0);
  await page.getByTestId('map-zones-button').click();
  const editor = page.getByTestId('zone-editor');
  await expect(editor).toBeVisible();
  const zonesBefore = await page.locator('[data-testid^="zone-"][data-zone-type]').count();
  await page.getByTestId('zone-type').selectOption('parking');
  await page.getByTestId('zone-draw').click();

  const map = page.locator('.leaflet-container');
  const box = (await map.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const corners: Array<[number, number]> = [
    [cx - 80, cy - 60],
    [cx + 80, cy - 60],
    [cx + 80, cy + 60],
    [cx - 80, cy + 60],
  ];
  for (const [x, y] of corners) await page.mouse.click(x, y);
  await page.mouse.click(corners[0]![0], corners[0]![1]); // closing the ring ends the drawing
  await page.getByTestId('zone-save').click();
  await expect(page.locator('[data-testid^="zone-"][data-zone-type]')).toHaveCount(zonesBefore + 1);

  await page.getByTestId('zone-close').click();
  await expect(page.getByText('Zones published')).toBeVisible();
  await expect(editor).toBeHidden();
});
