import { expect, test, type Download, type Page } from '@playwright/test';
import { ACCOUNTS, logIn } from './support/session';

/**
 * Issue 19: Reports → Usage on the demo club, whose history (apps/server/src/demo) gives every chart
 * something to draw. The charts are ECharts canvases, so the check is that each is drawn, and the cards'
 * figures, not pixels.
 */

/** The last 45 days up to today, as the reports' address carries them (within the demo's history). */
function recentDays(): string {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return `start=${day(-44)}&end=${day(0)}`;
}

const CHARTS = [
  'Usage over time',
  'Usage by cart',
  'Rides by service',
  'Rounds by weekday and hour',
] as const;

async function readDownload(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The chart card `name` holds a drawn ECharts canvas. */
async function expectDrawn(page: Page, name: string): Promise<void> {
  const card = page.getByRole('region', { name });
  await expect(card.getByRole('img', { name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(card.locator('canvas').first()).toBeVisible();
  const box = await card.locator('canvas').first().boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(290);
}

test('the demo admin sees the usage of the fleet: cards and every chart with data', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, ACCOUNTS.admin);
  await page.goto(`/charts/usage?${recentDays()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toHaveCount(1);

  const total = page.getByRole('region', { name: 'Total rounds' }).getByTestId('figure-value');
  await expect(total).toHaveText(/^[1-9][\d,]*$/, { timeout: 30_000 });
  const average = page.getByRole('region', { name: 'Average ride duration' }).getByTestId('figure-value');
  await expect(average).toHaveText(/\d+ (hr|min)/);

  for (const name of CHARTS) await expectDrawn(page, name);

  // The toggles draw the other views of the same answer.
  await page.getByRole('button', { name: 'Price' }).click();
  await expectDrawn(page, 'Rides by price');
  await page.getByRole('button', { name: 'Bookings' }).click();
  await expectDrawn(page, 'Bookings by weekday and hour');

  // A cart filter asks again; the page then counts that cart's rounds only.
  const before = Number((await total.textContent())?.replace(/\D/g, ''));
  await page.getByRole('combobox', { name: 'Cart' }).click();
  await page.getByRole('option').nth(1).click();
  await expect
    .poll(async () => Number((await total.textContent())?.replace(/\D/g, '')), { timeout: 15_000 })
    .toBeLessThan(before);

  // The exports download what the page shows (the cart filter stays on): a CSV with the UTF-8 BOM and its
  // header row, and a PDF.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^usage-cart-.+\.csv$/);
  const csvBytes = await readDownload(csv);
  expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csvBytes.subarray(3).toString('utf8').split('\r\n')[0]).toContain('Cart');
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readDownload(pdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('basic staff see usage, and one notice instead of the revenue', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, ACCOUNTS.staff);
  await page.goto(`/charts/usage?${recentDays()}`);
  await expect(page.getByRole('region', { name: 'Total rounds' }).getByTestId('figure-value')).toHaveText(
    /^[1-9]/,
    { timeout: 30_000 },
  );
  await page.getByRole('navigation', { name: 'Report pages' }).getByRole('link', { name: 'Revenue' }).click();
  await expect(page.getByRole('heading', { name: 'Revenue is for managers' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});
