import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { FirmwareFileView } from '@fairway/domain';
import { ACCOUNTS, logIn } from './support/session';

/**
 * Issue 20 item 7: a superadmin finds a tracker by a messy serial, scans its WiFi, and pushes an uploaded
 * firmware image to two carts, which download it by its signed URL, check it, reboot and report the new
 * version in the Device Manager's rows, live.
 */
test('a superadmin finds a tracker by a messy serial, scans its WiFi and updates two carts over the air', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await logIn(page, ACCOUNTS.superadmin);

  // The image, uploaded through the storage API (the upload dialog has its own component tests).
  const version = `9.${Date.now() % 100_000}.0`;
  const image = randomBytes(64 * 1024);
  const token = await page.evaluate(() => window.localStorage.getItem('fairway.accessToken'));
  const uploaded = await page.request.post('/api/storage/firmware', {
    headers: { authorization: `Bearer ${token ?? ''}` },
    multipart: {
      folder: 'wifi',
      version,
      sha256: createHash('sha256').update(image).digest('hex'),
      file: { name: `e2e-fw-${version}.bin`, mimeType: 'application/octet-stream', buffer: image },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const file = (await uploaded.json()) as FirmwareFileView;

  await page.goto('/admin/devices');
  await expect(page.getByRole('checkbox', { name: 'Select tracker SIM-DEMO-01' })).toBeVisible({
    timeout: 30_000,
  });

  // Find Device ignores case, spaces, dashes and underscores; one match opens its panel.
  await page.getByRole('button', { name: 'Find device' }).click();
  await page.getByRole('dialog').getByLabel('Serial').fill('  sim demo_01 ');
  await page.getByTestId('find-device-submit').click();
  const panel = page.getByRole('dialog', { name: /^Car 1\b/ });
  await expect(panel.getByText('SIM-DEMO-01', { exact: true })).toBeVisible();

  // The scan answers when the cart does, and the new scan is on top of the list.
  await panel.getByRole('tab', { name: 'Tools' }).click();
  await panel.getByRole('button', { name: 'WiFi Scan' }).click();
  await panel.getByRole('button', { name: 'Scan', exact: true }).click();
  await expect(panel.getByText('New', { exact: true })).toBeVisible({ timeout: 30_000 });
  await panel.getByRole('button', { name: 'Close' }).first().click();

  // Two carts of the demo club take the image.
  for (const serial of ['SIM-DEMO-02', 'SIM-DEMO-03'])
    await page.getByRole('checkbox', { name: `Select tracker ${serial}` }).check();
  await page.getByRole('button', { name: 'Bulk actions' }).click();
  await page.getByRole('menuitem', { name: 'Firmware' }).click();
  const push = page.getByRole('dialog', { name: 'Push firmware' });
  await push.getByTestId(`firmware-push-file-${file.name}`).click();
  await push.getByRole('button', { name: 'Push', exact: true }).click();
  await expect(push.getByText(`Firmware ${version} sent to 2 cart(s)`)).toBeVisible();
  // The focus moved to Close when the result showed: Escape closes the dialog, and the table is no longer
  // hidden from the accessibility tree behind it.
  await page.keyboard.press('Escape');
  await expect(push).toBeHidden();

  // Both rows reach the new version without a reload: pending, downloading, downloaded, then the version.
  for (const serial of ['SIM-DEMO-02', 'SIM-DEMO-03']) {
    const row = page.getByRole('row').filter({ hasText: serial });
    await expect(row.getByText(`FW ${version}`, { exact: true })).toBeVisible({ timeout: 60_000 });
  }
});
