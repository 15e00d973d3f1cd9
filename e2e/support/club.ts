import { expect, type Browser, type Page } from '@playwright/test';
import type { CartView, PriceView, ServiceView, SiteView } from '@fairway/domain';
import { apiAs, apiSend } from './api';
import { setSiteTimezone } from './product-db';

const ALL_DAY = { openTime: '00:00', closeTime: '24:00' };
export const PHONE = { width: 360, height: 640 };

/**
 * A fixed-offset zone where it is about noon now ('Etc/GMT-N' is UTC+N): a club on it has the rest of its day
 * ahead, so an hour booked from now never crosses its midnight, whatever the hour the suite runs at.
 */
export function noonZone(now = new Date()): string {
  const offset = ((12 - now.getUTCHours() + 36) % 24) - 12;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/**
 * Runs `work` with the demo club open around the clock and on a clock near noon (its seeded hours, and
 * whether an hour from now is still today, depend on when the suite runs), as the signed-in operator of
 * `page`, and restores both afterwards; `settings` are further site settings to hold meanwhile (restored
 * too). `work` gets the club as it then is. Only a platform admin sets a club's time zone, so that is
 * written in the product's database (`product-db.ts`).
 */
export async function withClubOpenAllDay(
  page: Page,
  work: (site: SiteView) => Promise<void>,
  settings: Partial<Pick<SiteView, 'bookingOffset'>> = {},
): Promise<void> {
  const site = await apiAs<SiteView>(page, '/dashboard/sites');
  const before = Object.fromEntries(Object.keys(settings).map((key) => [key, site[key as keyof SiteView]]));
  await setSiteTimezone(site._id, noonZone());
  try {
    await apiSend(page, 'PATCH', '/dashboard/sites', {
      updateData: { ...settings, openingHours: Array.from({ length: 7 }, () => ALL_DAY) },
    });
    try {
      await work(await apiAs<SiteView>(page, '/dashboard/sites'));
    } finally {
      await apiSend(page, 'PATCH', '/dashboard/sites', {
        updateData: { ...before, openingHours: site.openingHours },
      });
    }
  } finally {
    await setSiteTimezone(site._id, site.timezone);
  }
}

/** A cart a guest could take now: online, locked, keyless, in service, no ride, not booked or in maintenance. */
export const freeToTake = (cart: CartView): boolean =>
  cart.onlineStatus &&
  cart.lockStatus === 1 &&
  !cart.inUse &&
  cart.key === '0' &&
  cart.inService &&
  // Not booked and not in a maintenance block now (the demo has bookings and one block, issue 17).
  cart.displayLockStatus === 'locked';

/** A simulated cart a guest could take now. */
export async function availableCart(page: Page, except: string[] = []): Promise<CartView> {
  const carts = await apiAs<CartView[]>(page, '/dashboard/devices');
  const cart = carts.find((c) => freeToTake(c) && !except.includes(c._id));
  expect(cart, 'an available simulated cart').toBeDefined();
  return cart!;
}

/** The demo's 18-hole daily guest rate: £40, plus the demo club's £0.50 unlock fee at checkout. */
export async function eighteenHoleGuestRate(page: Page): Promise<{ service: ServiceView; rate: PriceView }> {
  const services = await apiAs<ServiceView[]>(page, '/dashboard/services');
  const service = services.find((s) => s.name === '18 holes')!;
  const rate = service.prices.find((price) => price.userGroup === null && price.availableTimes.length === 0)!;
  return { service, rate };
}

/** A guest's phone: 360×640, touch, British English. */
export async function guestPhone(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL,
    locale: 'en-GB',
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

/** Nothing scrolls sideways on the phone. */
export async function expectNoHorizontalScroll(guest: Page): Promise<void> {
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The sandbox checkout's card form. */
export async function fillCard(guest: Page, number: string): Promise<void> {
  await guest.getByLabel('Card number').fill(number);
  await guest.getByLabel('Expiry date').fill('12/39');
  await guest.getByLabel('Security code (CVC)').fill('123');
  await guest.getByLabel('Name on card').fill('E2E Guest');
}
