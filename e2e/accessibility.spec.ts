import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { PHONE } from './support/club';
import { ACCOUNTS, DEMO_PASSWORD } from './support/session';

/**
 * Issue 15 item 21: no serious or critical axe-core violation (WCAG 2.1 A/AA rules) on any operator page,
 * in English and in another language, on a desktop and on a phone; and the keyboard basics axe cannot see
 * (skip link, a visible focus ring, focus kept on the lock toggle).
 */

// The pages load slowly on a busy machine; each test waits for content rather than a fixed time.
test.describe.configure({ timeout: 180_000 });

type Account = keyof typeof ACCOUNTS | null;
interface PageCase {
  path: string;
  /** who opens it; null: signed out */
  as: Account;
  /** something the page shows once loaded */
  ready: (page: Page) => Promise<void>;
}

// Generous: on a loaded CI machine the first visit of a lazy page can take a while.
const LOADED = { timeout: 45_000 };
const heading = (page: Page) => expect(page.locator('main').getByRole('heading').first()).toBeVisible(LOADED);
const testId = (id: string) => (page: Page) => expect(page.getByTestId(id).first()).toBeVisible(LOADED);

// Every page of the route table (apps/web/src/app/router.tsx), as the least role that sees it whole.
const PAGES: PageCase[] = [
  {
    path: '/login',
    as: null,
    ready: (page) => expect(page.locator('input[name="email"]')).toBeVisible(LOADED),
  },
  { path: '/login/register', as: null, ready: heading },
  { path: '/login/resetPassword', as: null, ready: heading },
  { path: '/no-such-page', as: null, ready: heading },
  // The cart list is a closed drawer on a phone: the map's markers show the page is live on both.
  {
    path: '/',
    as: 'admin',
    ready: (page) => expect(page.locator('.leaflet-marker-icon').first()).toBeVisible(LOADED),
  },
  { path: '/fleet', as: 'admin', ready: testId('fleet-lock-state-1') },
  { path: '/virtualKeys', as: 'admin', ready: heading },
  { path: '/rides', as: 'admin', ready: heading },
  { path: '/bookings', as: 'admin', ready: heading },
  { path: '/charts/revenue', as: 'admin', ready: testId('payment-row') },
  { path: '/charts/usage', as: 'admin', ready: testId('figure-value') },
  { path: '/settings/general', as: 'admin', ready: heading },
  { path: '/settings/booking', as: 'admin', ready: heading },
  { path: '/settings/account', as: 'admin', ready: heading },
  { path: '/admin/dashboard', as: 'superadmin', ready: heading },
  { path: '/admin/devices', as: 'superadmin', ready: heading },
  { path: '/admin/users', as: 'superadmin', ready: heading },
  { path: '/admin/invites', as: 'superadmin', ready: heading },
  { path: '/admin/sites', as: 'superadmin', ready: heading },
  { path: '/admin/clients', as: 'superadmin', ready: heading },
  { path: '/admin/activity', as: 'superadmin', ready: heading },
];

const VIEWS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, language: 'en' },
  { name: 'phone', viewport: PHONE, language: 'de' },
] as const;

/** A browser context in `language`, signed in as `as` through the login form. */
async function openAs(
  browser: Browser,
  baseURL: string | undefined,
  view: (typeof VIEWS)[number],
  as: Account,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: view.viewport, locale: 'en-GB' });
  await context.addInitScript(
    (language) => window.localStorage.setItem('fairway.locale', language),
    view.language,
  );
  const page = await context.newPage();
  if (as) {
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(ACCOUNTS[as]);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/$/, LOADED);
  }
  return page;
}

for (const view of VIEWS) {
  for (const as of [null, 'admin', 'superadmin'] as const) {
    const cases = PAGES.filter((pageCase) => pageCase.as === as);
    test(`axe: ${as ?? 'signed-out'} pages on the ${view.name} (${view.language}) have no serious violations`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(60_000 + cases.length * 45_000);
      const page = await openAs(browser, baseURL, view, as);
      const found: string[] = [];
      for (const pageCase of cases) {
        await page.goto(pageCase.path);
        await pageCase.ready(page);
        // Skeletons and spinners gone: the page shows its content, not placeholders.
        await expect(page.locator('[aria-busy="true"], .MuiSkeleton-root')).toHaveCount(0, LOADED);
        found.push(...(await seriousViolations(page)).map((line) => `${pageCase.path}: ${line}`));
      }
      expect(found).toEqual([]);
      await page.context().close();
    });
  }
}

test('axe: the map with a cart open and the fleet cart dialog have no serious violations', async ({
  browser,
  baseURL,
}) => {
  const page = await openAs(browser, baseURL, VIEWS[0], 'admin');
  await page.getByTestId('cart-row-3').click(LOADED);
  await expect(page.getByTestId('map-bottom-sheet')).toBeVisible();
  const found = await seriousViolations(page);
  await page.goto('/fleet');
  await page.getByRole('button', { name: /Quick actions for cart 3/i }).click(LOADED);
  await expect(page.getByTestId('cart-lock-toggle')).toBeVisible();
  found.push(...(await seriousViolations(page)));
  expect(found).toEqual([]);
  await page.context().close();
});

test('keyboard: a translated skip link is the first Tab stop and moves focus to the page', async ({
  browser,
  baseURL,
}) => {
  const page = await openAs(browser, baseURL, VIEWS[1], 'admin');
  await page.goto('/fleet');
  await expect(page.getByTestId('fleet-lock-state-1').first()).toBeVisible(LOADED);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Zum Hauptinhalt springen' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next Tab goes into the page, past the app bar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(
    true,
  );
  await page.context().close();
});

test('keyboard: icon buttons show a clear focus ring and the lock toggle keeps focus', async ({
  browser,
  baseURL,
}) => {
  const page = await openAs(browser, baseURL, VIEWS[0], 'admin');
  await page.goto('/fleet');
  const quickActions = page.getByRole('button', { name: /Quick actions for cart 7/i });
  await expect(quickActions).toBeVisible(LOADED);
  // Keyboard focus (focus-visible), as Tab would give it.
  await quickActions.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(quickActions).toBeFocused();
  const ring = await quickActions.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);

  await page.keyboard.press('Enter');
  const toggle = page.getByTestId('cart-lock-toggle');
  await expect(toggle).toBeVisible();
  for (let round = 0; round < 2; round += 1) {
    const label = (await toggle.textContent()) ?? '';
    await toggle.focus();
    await page.keyboard.press('Enter');
    // The cart answered (the button names the opposite action) and focus never left the button.
    await expect(toggle).not.toHaveText(label, { timeout: 12_000 });
    await expect(toggle).toBeFocused();
  }
  // Closing the dialog hands focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(quickActions).toBeFocused();
  await page.context().close();
});
