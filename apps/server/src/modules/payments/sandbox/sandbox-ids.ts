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
