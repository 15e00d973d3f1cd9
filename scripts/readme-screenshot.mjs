// Takes docs/images/live-map.png from a running server: `node scripts/readme-screenshot.mjs [baseUrl]`.
// Uses Debian's Chromium; the server should have run for a minute so the demo carts are spread out.
import { chromium } from '@playwright/test';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
await page.goto(`${baseUrl}/login`);
await page.getByLabel(/email/i).fill('admin@example.com');
await page
  .getByLabel(/password/i)
  .first()
  .fill('demo-password');
await page.getByRole('button', { name: /log in|sign in/i }).click();
await page.getByTestId('cart-count').waitFor();
await page.waitForTimeout(4000);
await page.screenshot({ path: 'docs/images/live-map.png' });
await browser.close();
console.log('wrote docs/images/live-map.png');
