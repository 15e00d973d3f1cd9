import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from './support/axe';
import { availableCart, expectNoHorizontalScroll, guestPhone } from './support/club';
import { logIn, ACCOUNTS } from './support/session';

/**
 * Issue 23 item 4: a guest on a phone reports a flat tyre with a photo from the cart's page; the operator,
 * signed in on a desktop, gets the live alert, follows it to the cart and finds it blocked for maintenance
 * with the report and its photo, and resolves it, which gives the cart back.
 */

/** A camera-like photo: a JPEG with an EXIF orientation, as phones send them. */
const cameraPhoto = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 40, g: 90, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

test('a guest reports a flat tyre with a photo; the operator is alerted and finds the cart blocked', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, ACCOUNTS.admin);
  const cart = await availableCart(page);
  const number = cart.carNumber ?? '?';
  // The operator's map is live (its socket in the club's room) before the guest reports.
  await expect(page.getByTestId(`cart-row-${number}`)).toBeVisible();

  const guest = await guestPhone(browser, baseURL);
  await guest.goto(`/ride/${cart._id}`);
  await guest.getByRole('link', { name: 'Report a problem' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Report a problem' })).toBeVisible();
  await guest.getByRole('radio', { name: 'Flat tyre' }).check();
  await expect(guest.getByRole('note')).toHaveText(
    'The cart will be taken out of use until the staff have checked it.',
  );
  await guest.getByRole('textbox', { name: 'Describe it (optional)' }).fill('Rear right tyre is flat.');
  await guest.getByLabel('Add a photo').setInputFiles({
    name: 'IMG_0042.jpg',
    mimeType: 'image/jpeg',
    buffer: await cameraPhoto(),
  });
  await expect(guest.getByRole('img', { name: 'Your photo' })).toBeVisible();
  await expectNoHorizontalScroll(guest);
  expect(await seriousViolations(guest)).toEqual([]);

  await guest.getByRole('button', { name: 'Send report' }).click();
  await expect(guest.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(
    guest.getByText('We have taken this cart out of use. Please choose another cart.'),
  ).toBeVisible();
  // The cart's page now says so too.
  await guest.getByRole('main').getByRole('link', { name: 'Back to the cart' }).click();
  await expect(guest.getByText('Out of service', { exact: true }).first()).toBeVisible();
  await guest.context().close();

  // The live alert, with its way to the cart.
  const toast = page.getByRole('alert').filter({ hasText: `Cart ${number}: a guest reported a problem` });
  await expect(toast).toContainText('(Flat tyre)');
  await toast.getByRole('link', { name: 'Show cart' }).click();
  const sheet = page.getByTestId('map-bottom-sheet');
  await expect(sheet.getByRole('heading', { name: `Cart ${number}` })).toBeVisible();
  await expect(sheet.getByText('Maintenance', { exact: true }).first()).toBeVisible();
  const report = sheet.getByTestId('damage-report').first();
  await expect(report).toContainText('Rear right tyre is flat.');
  await expect(report).toContainText('Cart blocked for maintenance');
  await report.getByRole('button', { name: 'Enlarge the photo: Flat tyre' }).click();
  const photo = page.getByRole('dialog').getByRole('img', { name: 'Photo of the problem: Flat tyre' });
  await expect(photo).toBeVisible();
  // Re-encoded upright: the sideways 1200 × 900 photo is now portrait.
  expect(await photo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    900, 1200,
  ]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  await report.getByRole('button', { name: 'Resolve' }).click();
  await page
    .getByRole('dialog', { name: 'Resolve this report?' })
    .getByRole('button', { name: 'Resolve' })
    .click();
  await expect(page.getByText('Report resolved.')).toBeVisible();
  await expect(sheet.getByText('Maintenance', { exact: true })).toHaveCount(0);
  await expect(report).toContainText('Resolved');
});
