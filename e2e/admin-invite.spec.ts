import { expect, test } from '@playwright/test';
import { apiAs } from './support/api';
import { onProductDb } from './support/product-db';
import { ACCOUNTS, fillLogin, logIn } from './support/session';

/** The invite mail's registration link, read from the product's mail outbox (where embedded mail ends). */
async function mailedInviteLink(email: string): Promise<URL> {
  const mail = await onProductDb((client) =>
    client.query<{ text: string }>(
      `select text from mail_outbox where "to" = $1 and template = 'invite' order by created_at desc limit 1`,
      [email],
    ),
  );
  const text = mail.rows[0]?.text;
  if (!text) throw new Error(`no invite mail to ${email}`);
  const link = /https?:\/\/\S+\/login\/register\?\S+/.exec(text)?.[0];
  if (!link) throw new Error(`the invite mail carries no registration link:\n${text}`);
  return new URL(link);
}

test('a superadmin invites an admin for Second Club, who registers through the mailed link and sees only it', async ({
  page,
  browser,
}) => {
  // Unique per run, so a rerun on the same database never meets an earlier invite.
  const email = `e2e-invite-${Date.now().toString(36)}@example.com`;
  const password = 'second-club-admin';

  await logIn(page, ACCOUNTS.superadmin);
  const sites = await apiAs<{ _id: string; name: string }[]>(page, '/admin/sites');
  const demoClub = sites.find((site) => site.name === 'Demo Golf Club');
  expect(demoClub).toBeDefined();

  await page.goto('/admin/invites');
  await expect(page.getByRole('heading', { name: 'Invites', exact: true })).toBeVisible();
  await page.getByTestId('invites-add').click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByRole('textbox', { name: /^Email/ }).fill(email);
  // A new invite is for an admin unless another role is chosen.
  await expect(dialog.getByTestId('role-select')).toHaveText('Admin');
  await dialog.getByTestId('site-picker').click();
  await page.getByRole('option', { name: 'Second Club' }).click();
  // The picker stays open for more sites: a click beside it closes it.
  await dialog.getByRole('heading', { name: 'Add User' }).click();
  await dialog.getByTestId('invite-form-send').click();
  await expect(page.getByText('User added successfully')).toBeVisible();
  const row = page.getByTestId(`invite-row-${email}`);
  await expect(row).toContainText('Second Club');
  await expect(row).toContainText('Admin');

  // The invitee opens the mailed link in a browser of their own.
  const link = await mailedInviteLink(email);
  expect(link.searchParams.get('email')).toBe(email);
  const invitee = await browser.newContext();
  try {
    const guestPage = await invitee.newPage();
    await guestPage.goto(`${link.pathname}${link.search}`);
    await expect(guestPage.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await guestPage.getByRole('textbox', { name: /^New password/ }).fill(password);
    await guestPage.getByRole('textbox', { name: /^Confirm password/ }).fill(password);
    await guestPage.getByRole('button', { name: 'Create account' }).click();
    await expect(guestPage.getByText('Your account is ready. Please log in.')).toBeVisible();

    await fillLogin(guestPage, email, password);
    await expect(guestPage).toHaveURL(/\/$/);
    // Their only site is selected, and the site picker offers nothing else.
    const selector = guestPage.getByTestId('site-selector');
    await expect(selector).toContainText('Second Club');
    await selector.click();
    await expect(guestPage.getByRole('option')).toHaveText(['Second Club']);
    await guestPage.keyboard.press('Escape');

    // The demo club's data is out of reach: the server refuses its site.
    const token = await guestPage.evaluate(() => window.localStorage.getItem('fairway.accessToken'));
    const refused = await guestPage.request.get('/api/dashboard/devices', {
      headers: { Authorization: `Bearer ${token ?? ''}`, 'site-id': demoClub!._id },
    });
    expect(refused.status()).toBe(403);
    // The invite was used up: it is no longer open.
    await page.getByTestId('invites-refresh').click();
    await expect(row).toHaveCount(0);
  } finally {
    await invitee.close();
  }
});
