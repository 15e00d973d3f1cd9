import { expect, test } from '@playwright/test';
import { ACCOUNTS, logIn } from './support/session';

test('an admin adds a member, finds it by search, edits it and deletes it', async ({ page }) => {
  // Unique per run, so a rerun on the same database never meets an earlier member.
  const stamp = Date.now().toString(36);
  const name = `E2E Driver ${stamp}`;
  const email = `e2e-${stamp}@example.com`;

  await logIn(page, ACCOUNTS.admin);
  await page.goto('/virtualKeys');
  await expect(page.getByRole('heading', { name: 'Virtual keys' })).toBeVisible();

  await page.getByTestId('members-add').click();
  const addDialog = page.getByRole('dialog', { name: 'Add member' });
  await addDialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  // Typed in capitals and with spaces: the email is stored trimmed and lower-cased.
  await addDialog.getByRole('textbox', { name: /^Email/ }).fill(`  ${email.toUpperCase()} `);
  await addDialog.getByRole('textbox', { name: /^Member number/ }).fill('E2E-1');
  await addDialog.getByTestId('member-form-save').click();
  await expect(page.getByText('Member added')).toBeVisible();
  await expect(addDialog).toBeHidden();

  await page.getByTestId('members-search').fill(stamp);
  const row = page.getByTestId(`member-row-${email}`);
  await expect(row).toBeVisible();
  await expect(page.locator('[data-testid^="member-row-"]')).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText('E2E-1');
  await expect(row).toContainText('Guest');

  await row.getByTestId('member-edit').click();
  const editDialog = page.getByRole('dialog', { name: 'Edit driver' });
  await expect(editDialog.getByRole('textbox', { name: /^Email/ })).toHaveValue(email);
  await editDialog.getByRole('textbox', { name: /^Member number/ }).fill('E2E-42');
  await editDialog.getByTestId('member-form-save').click();
  await expect(page.getByText('Member updated')).toBeVisible();
  await expect(row).toContainText('E2E-42');

  await row.getByTestId('member-delete').click();
  await expect(page.getByRole('dialog', { name: `Delete ${name}?` })).toBeVisible();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByText('Driver deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  // The search still names the deleted member: nothing matches it any more.
  await expect(page.getByText('No drivers found')).toBeVisible();
});
