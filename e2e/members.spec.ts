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

test('an admin gives a new member a virtual key for two carts', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const email = `e2e-key-${stamp}@example.com`;
  await logIn(page, ACCOUNTS.admin);
  await page.goto('/virtualKeys');

  await page.getByTestId('members-add').click();
  const addDialog = page.getByRole('dialog', { name: 'Add member' });
  await addDialog.getByRole('textbox', { name: /^Name/ }).fill(`E2E Key ${stamp}`);
  await addDialog.getByRole('textbox', { name: /^Email/ }).fill(email);
  await addDialog.getByTestId('member-form-save').click();
  await expect(page.getByText('Member added')).toBeVisible();

  await page.getByTestId('members-search').fill(stamp);
  const row = page.getByTestId(`member-row-${email}`);
  await row.getByTestId('member-code-add').click();
  const codeDialog = page.getByRole('dialog', { name: /New code for/ });
  await expect(codeDialog.getByRole('textbox', { name: 'Unlock code' })).toHaveValue(/^\d{6}$/);
  const code = await codeDialog.getByRole('textbox', { name: 'Unlock code' }).inputValue();
  await codeDialog.getByRole('switch', { name: 'All Carts' }).uncheck();
  await codeDialog.getByRole('combobox', { name: 'Carts' }).click();
  await page.getByRole('option', { name: 'Cart 1', exact: true }).click();
  await page.getByRole('option', { name: 'Cart 2', exact: true }).click();
  await page.getByRole('option', { name: 'OK' }).click();
  await codeDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Code created')).toBeVisible();
  await expect(row.getByTestId('member-code-virtualKey')).toContainText(code);

  // The server kept exactly the two carts.
  await row.getByTestId('member-code-virtualKey').click();
  const editDialog = page.getByRole('dialog', { name: /Code of/ });
  await expect(editDialog.getByRole('switch', { name: 'All Carts' })).not.toBeChecked();
  await expect(editDialog.getByRole('combobox', { name: 'Carts' })).toContainText('1');
  await expect(editDialog.getByRole('combobox', { name: 'Carts' })).toContainText('2');
});

test('an admin imports members from an ISO-8859-1 CSV through all four steps', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const csv = [
    'Navn;E-mail;Medlemsnummer',
    `Søren Ærø ${stamp};soren-${stamp}@example.dk;7001`,
    `Jürgen Weiß ${stamp};juergen-${stamp}@example.de;7002`,
    '',
    `Ohne Email ${stamp};;7003`,
    `Doppelt ${stamp};soren-${stamp}@example.dk;7004`,
  ].join('\r\n');

  await logIn(page, ACCOUNTS.admin);
  await page.goto('/virtualKeys');
  await page.getByTestId('members-import').click();
  const wizard = page.getByRole('dialog', { name: 'Import members' });
  await wizard.getByTestId('import-file-input').setInputFiles({
    name: 'members.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'latin1'),
  });

  // Step 2: the Danish headers are mapped on their own.
  await expect(
    wizard.getByText('Choose which column of members.csv holds each field.', { exact: false }),
  ).toBeVisible();
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Step 3: two to import, one invalid, one repeated.
  await expect(wizard.getByText('Members to import: 2')).toBeVisible();
  await expect(wizard.getByText('Invalid rows, not imported: 1')).toBeVisible();
  await expect(wizard.getByText('Repeated in the file, imported once: 1')).toBeVisible();
  await expect(wizard.getByText(`Søren Ærø ${stamp}`).first()).toBeVisible();
  await wizard.getByRole('button', { name: 'Import' }).click();

  // Step 4: the result.
  await expect(wizard.getByText('Members imported: 2')).toBeVisible();
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(wizard).toBeHidden();

  await page.getByTestId('members-search').fill(stamp);
  await expect(page.getByTestId(`member-row-juergen-${stamp}@example.de`)).toContainText(
    `Jürgen Weiß ${stamp}`,
  );
  await expect(page.locator('[data-testid^="member-row-"]')).toHaveCount(2);
});

test('an operator of a keypad site finds who holds a code', async ({ page }) => {
  await logIn(page, ACCOUNTS.operator2);
  await page.goto('/virtualKeys');
  await page.getByTestId('members-find-code').click();
  await page.getByTestId('find-code-input').fill('482913');
  await page.getByTestId('find-code-submit').click();
  await expect(page.getByText('Code Found')).toBeVisible();
  const result = page.getByTestId('find-code-result');
  await expect(result).toContainText('Erik Sørensen');
  await expect(result).toContainText('erik@example.com');

  await page.getByTestId('find-code-input').fill('000001');
  await page.getByTestId('find-code-submit').click();
  await expect(page.getByTestId('find-code-not-found')).toBeVisible();
});
