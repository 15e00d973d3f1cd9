/**
 * A club of its own for payment tests: created, open around the clock, onboarded with the sandbox, with a
 * guest price and a member price. Shared demo sites are left alone, so other test files see no change.
 * Only tests import this file.
 */
import { expect } from 'vitest';
import type { CheckoutSessionAnswer, ServiceView, SiteView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { eq } from 'drizzle-orm';
import { asUser } from '../../../test/helpers';
import { sites } from '../../db/tables/sites';

export interface PaymentSite {
  siteId: string;
  accountId: string;
  guestPriceId: string;
  memberPriceId: string;
  /** price 4000 + unlock fee 150 */
  total: number;
}

export const GUEST_PRICE = 4000;
export const UNLOCK_FEE = 150;
const ALL_DAY = { openTime: '00:00', closeTime: '24:00' };

/** Completes the provider's onboarding of `accountId` (default: the sandbox's page). */
export type ActivateAccount = (accountId: string, businessName: string) => Promise<void>;

export async function createPaymentSite(
  rt: Runtime,
  superadmin: string,
  name: string,
  activate: ActivateAccount = (accountId, businessName) =>
    completeSandboxOnboarding(rt, superadmin, accountId, businessName),
): Promise<PaymentSite> {
  const dashboard = (method: 'POST' | 'PATCH', url: string, siteId: string, payload: object) =>
    rt.app.inject({ method, url: `/api/dashboard${url}`, headers: asUser(superadmin, siteId), payload });

  const created = await rt.app.inject({
    method: 'POST',
    url: '/api/admin/sites',
    headers: asUser(superadmin),
    payload: {
      name,
      country: 'United Kingdom',
      currency: 'GBP',
      centerLatLong: '56.34, -2.80',
      timezone: 'Europe/London',
      keyless: true,
      revenueShareMethod: 'percentage',
      revenueSharePercentage: 2,
      unlockFee: UNLOCK_FEE,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const siteId = created.json<SiteView>()._id;
  const opened = await dashboard('PATCH', '/sites', siteId, {
    updateData: { openingHours: Array.from({ length: 7 }, () => ALL_DAY) },
  });
  expect(opened.statusCode, opened.body).toBe(200);

  const onboard = await dashboard('POST', '/sites/stripe/onboard', siteId, {});
  expect(onboard.statusCode, onboard.body).toBe(200);
  const [site] = await rt.ctx.db.select().from(sites).where(eq(sites.id, siteId));
  const accountId = site!.stripeAccountId!;
  await activate(accountId, name);

  const group = await dashboard('POST', '/sites/user-groups', siteId, { name: 'Members' });
  expect(group.statusCode, group.body).toBe(201);
  const service = await dashboard('POST', '/services', siteId, {
    name: '18 holes',
    duration: 240,
    prices: [
      { name: 'Guest', amount: GUEST_PRICE, userGroup: null },
      { name: 'Member', amount: 2000, userGroup: group.json<{ _id: string }>()._id },
    ],
  });
  expect(service.statusCode, service.body).toBe(201);
  const prices = service.json<ServiceView>().prices;
  return {
    siteId,
    accountId,
    guestPriceId: prices.find((price) => price.name === 'Guest')!._id!,
    memberPriceId: prices.find((price) => price.name === 'Member')!._id!,
    total: GUEST_PRICE + UNLOCK_FEE,
  };
}

async function completeSandboxOnboarding(
  rt: Runtime,
  token: string,
  accountId: string,
  businessName: string,
) {
  const completed = await rt.app.inject({
    method: 'POST',
    url: `/api/sandbox/accounts/${accountId}/complete`,
    headers: asUser(token),
    payload: { businessName },
  });
  expect(completed.statusCode, completed.body).toBe(200);
}

/** The web app's origin as the test server knows it: return addresses must point there. */
export const returnUrls = (rt: Runtime) => ({
  success_url: `${rt.ctx.config.publicUrl}/ride/paid?session={CHECKOUT_SESSION_ID}`,
  cancel_url: `${rt.ctx.config.publicUrl}/ride/cancelled`,
});

export async function startCheckout(
  rt: Runtime,
  body: { siteId: string; rateId: string; deviceId: string } & Record<string, unknown>,
): Promise<CheckoutSessionAnswer> {
  const res = await rt.app.inject({
    method: 'POST',
    url: '/api/guest/stripe/generate-checkout-session',
    payload: { email: 'guest@example.com', name: 'Gina Guest', ...returnUrls(rt), ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CheckoutSessionAnswer>();
}

export const payWith = (rt: Runtime, sessionId: string, cardNumber: string) =>
  rt.app.inject({
    method: 'POST',
    url: `/api/sandbox/checkout/${sessionId}/pay`,
    payload: { cardNumber, expiry: '12/39', cvc: '123', name: 'Gina Guest' },
  });
