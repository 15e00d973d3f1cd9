import { randomBytes } from 'node:crypto';

/**
 * Ids shaped like the provider's own (`cs_…`, `pi_…`), marked `sbx` so a sandbox id is never mistaken for a
 * Stripe one. 12 random bytes: the checkout and account ids in a page's address are its only secret.
 */
const sandboxId = (prefix: string) => () => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;

export const newSandboxId = {
  account: sandboxId('acct'),
  checkout: sandboxId('cs'),
  paymentIntent: sandboxId('pi'),
  charge: sandboxId('ch'),
  refund: sandboxId('re'),
  event: sandboxId('evt'),
};

/**
 * Addresses of the sandbox's hosted pages (pages of the web app, as Stripe's are its own site) and of its
 * receipts (served by its routes).
 */
export function sandboxAddresses(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    onboardingPage: (accountId: string) => `${base}/sandbox/onboarding/${accountId}`,
    checkoutPage: (sessionId: string) => `${base}/sandbox/checkout/${sessionId}`,
    dashboardPage: (accountId: string) => `${base}/sandbox/dashboard/${accountId}`,
    receipt: (chargeId: string) => `${base}/api/sandbox/receipts/${chargeId}`,
  };
}
export type SandboxAddresses = ReturnType<typeof sandboxAddresses>;

/**
 * The sandbox's addresses for one checkout or account. Its pages are this server's own, so they live at
 * PUBLIC_URL when it is set, else at the origin the browser reached us at, which `appUrl` carries (a
 * checkout's return address, checked at checkout to be this site's; an onboarding's return address).
 */
export type SandboxAddressesFor = (appUrl: string) => SandboxAddresses;
export const sandboxAddressesFor =
  (configuredUrl: string | null): SandboxAddressesFor =>
  (appUrl) =>
    sandboxAddresses(configuredUrl ?? new URL(appUrl).origin);
