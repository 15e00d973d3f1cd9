import { expect, type Page } from '@playwright/test';

/** Demo accounts seeded by the server (password for all: demo-password). */
export const ACCOUNTS = {
  superadmin: 'superadmin@example.com',
  admin: 'admin@example.com',
  staff: 'staff@example.com',
  operator2: 'operator2@example.com',
} as const;
export const DEMO_PASSWORD = 'demo-password';

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Logs in through the form and waits for the map. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await fillLogin(page, email, password);
  await expect(page).toHaveURL(/\/$/);
}

export async function logOut(page: Page): Promise<void> {
  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The main navigation in the app bar (desktop viewport). */
export const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
