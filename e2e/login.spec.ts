import { expect, test } from '@playwright/test';
import { ACCOUNTS, fillLogin } from './support/session';

test("a wrong password shows the server's error message", async ({ page }) => {
  const answer = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/dashboard/auth/login') && response.request().method() === 'POST',
  );
  await fillLogin(page, ACCOUNTS.admin, 'not-the-password');
  const response = await answer;
  expect(response.status()).toBe(401);
  const { message } = (await response.json()) as { message: string };
  expect(message.length).toBeGreaterThan(0);

  await expect(page.getByTestId('login-error')).toHaveText(message);
  await expect(page).toHaveURL(/\/login$/);
});

test('the login form validates before calling the server', async ({ page }) => {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill('not-an-email');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('This field is required')).toBeVisible();
});
