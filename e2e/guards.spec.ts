import { expect, test } from '@playwright/test';
import { ACCOUNTS, logIn, mainNavigation } from './support/session';

test('staff (role basic) opening /admin ends on the map', async ({ page }) => {
  await logIn(page, ACCOUNTS.staff);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('cart-count')).toBeVisible();
});

test('a superadmin sees the Admin navigation item and can open the admin area', async ({ page }) => {
  await logIn(page, ACCOUNTS.superadmin);
  const admin = mainNavigation(page).getByRole('link', { name: 'Admin' });
  await expect(admin).toBeVisible();
  await admin.click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('tab', { name: 'Dashboard', selected: true })).toBeVisible();
  await expect(page.locator('main').getByRole('heading', { name: 'Platform dashboard' })).toBeVisible();
});

test('staff does not see the Admin navigation item', async ({ page }) => {
  await logIn(page, ACCOUNTS.staff);
  await expect(mainNavigation(page).getByRole('link', { name: 'Fleet' })).toBeVisible();
  await expect(mainNavigation(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
});

test('an unauthenticated visitor is sent to the login and brought back afterwards', async ({ page }) => {
  await page.goto('/fleet');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ffleet$/);
  await page.locator('input[name="email"]').fill(ACCOUNTS.admin);
  await page.locator('input[name="password"]').fill('demo-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/fleet$/);
  await expect(page.getByTestId('fleet-lock-state-1')).toBeVisible();
});
