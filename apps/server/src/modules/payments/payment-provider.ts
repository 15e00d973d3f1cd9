/**
 * The card payment provider behind one interface (spec §7 External, GUIDE §1): Stripe Connect when
 * `STRIPE_SECRET_KEY` is set, else the local sandbox that plays its part. This is the onboarding half; the
 * payments issue adds checkout, webhooks, refunds, balance and payouts.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  /**
   * Creates the club's connected account when it has none (`accountId` null) and answers the address of
   * the provider's hosted onboarding for it, which sends the browser back to `returnUrl` when done and to
   * `refreshUrl` when the link has expired.
   */
  onboardingLink(input: OnboardingInput): Promise<{ accountId: string; url: string }>;
  /** Whether the account can take card payments (onboarding complete, charges enabled). */
  accountActive(accountId: string): Promise<boolean>;
}

export interface OnboardingInput {
  accountId: string | null;
  siteId: string;
  businessName: string;
  /** the club's country as the site records it */
  country: string;
  returnUrl: string;
  refreshUrl: string;
}
