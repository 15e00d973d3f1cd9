import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { CurrencyAmount, PayoutView, SandboxDashboardView } from '@fairway/domain';
import type { Db } from '../../../db/client';
import type {
  CheckoutInput,
  OnboardingInput,
  PaymentDetails,
  PaymentProvider,
  ProviderEvent,
  ProviderRefundReason,
} from '../payment-provider';
import { verifyStripeSignedEvent } from '../webhook-signature';
import { SandboxCharges } from './sandbox-charges';
import { SandboxCheckouts } from './sandbox-checkout';
import { newSandboxId, sandboxAddressesFor, type SandboxAddressesFor } from './sandbox-ids';
import { SandboxWebhooks } from './sandbox-webhooks';
import { sandboxAccounts } from '../../../db/tables/sandbox';

/** How much the sandbox's dashboard page lists. */
export const SANDBOX_DASHBOARD_LIMITS = { charges: 50, payouts: 50 } as const;

/**
 * The embedded payment provider: it plays Stripe's servers locally. Accounts live in `sandbox_accounts`,
 * onboarding, checkout and the account dashboard are pages of the web app (/sandbox/…) backed by its
 * routes, money is computed from its own tables, and it reports to the platform with signed, Stripe-shaped
 * webhooks, so everything after the checkout runs for real in the demo and the tests.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly checkouts: SandboxCheckouts;
  readonly charges: SandboxCharges;
  private readonly webhooks: SandboxWebhooks;
  private readonly addresses: SandboxAddressesFor;

  /**
   * `publicUrl`: PUBLIC_URL when set; else null, and the sandbox's pages are addressed at the origin the
   * browser reached the server at (see `sandboxAddressesFor`).
   */
  constructor(
    private readonly db: Db,
    publicUrl: string | null,
    private readonly webhookSecret: string,
    log: Logger,
  ) {
    this.addresses = sandboxAddressesFor(publicUrl);
    this.webhooks = new SandboxWebhooks(db, webhookSecret, log);
    this.checkouts = new SandboxCheckouts(db, this.webhooks, this.addresses);
    this.charges = new SandboxCharges(db, this.webhooks, this.addresses);
  }

  /** Where the sandbox sends its webhooks: the platform's own endpoint, known once the server listens. */
  deliverTo(webhookUrl: string): void {
    this.webhooks.deliverTo(webhookUrl);
  }

  /** Sends the webhooks not yet acknowledged whose retry time has come; answers how many were delivered. */
  deliverDue(): Promise<number> {
    return this.webhooks.deliverDue();
  }

  /** Expires the open checkouts whose time is up (Stripe does so on its own); answers how many. */
  expireDue(): Promise<number> {
    return this.checkouts.expireDue();
  }

  async dashboardLink(accountId: string, appUrl: string): Promise<string | null> {
    return (await this.account(accountId)) ? this.addresses(appUrl).dashboardPage(accountId) : null;
  }

  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }> {
    return this.checkouts.create(input);
  }

  expireCheckout(accountId: string, sessionId: string): Promise<void> {
    return this.checkouts.expire(accountId, sessionId);
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    return verifyStripeSignedEvent(rawBody, signature, this.webhookSecret);
  }

  paymentDetails(accountId: string, paymentIntentId: string): Promise<PaymentDetails> {
    return this.charges.paymentDetails(accountId, paymentIntentId);
  }

  refund(
    accountId: string,
    paymentIntentId: string,
    reason: ProviderRefundReason,
  ): Promise<{ refundId: string }> {
    return this.charges.refund(accountId, paymentIntentId, reason);
  }

  async balance(accountId: string): Promise<{ available: CurrencyAmount[]; pending: CurrencyAmount[] }> {
    await this.existingAccount(accountId);
    const { available, pending } = await this.charges.ledger(accountId);
    return { available, pending };
  }

  async payouts(accountId: string, limit: number): Promise<PayoutView[]> {
    await this.existingAccount(accountId);
    return (await this.charges.ledger(accountId)).payouts.slice(0, limit);
  }

  /** The account dashboard page's data; null for an unknown account. */
  async dashboard(accountId: string, now = new Date()): Promise<SandboxDashboardView | null> {
    const account = await this.account(accountId);
    if (!account) return null;
    const ledger = await this.charges.ledger(accountId, now);
    return {
      id: account.id,
      businessName: account.businessName,
      active: account.active,
      balance: { available: ledger.available, pending: ledger.pending },
      payouts: ledger.payouts.slice(0, SANDBOX_DASHBOARD_LIMITS.payouts),
      charges: await this.charges.recent(accountId, SANDBOX_DASHBOARD_LIMITS.charges),
    };
  }

  async onboardingLink(input: OnboardingInput): Promise<{ accountId: string; url: string }> {
    let accountId = input.accountId;
    if (!accountId || !(await this.account(accountId))) {
      accountId = newSandboxId.account();
      await this.db
        .insert(sandboxAccounts)
        .values({ id: accountId, siteId: input.siteId, businessName: input.businessName });
    }
    const url = new URL(this.addresses(input.returnUrl).onboardingPage(accountId));
    url.searchParams.set('return', new URL(input.returnUrl).pathname + new URL(input.returnUrl).search);
    return { accountId, url: url.toString() };
  }

  async accountActive(accountId: string): Promise<boolean> {
    return (await this.account(accountId))?.active ?? false;
  }

  async account(accountId: string) {
    const [row] = await this.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
    return row ?? null;
  }

  /** The onboarding page's submit: the club confirmed its (test) business and bank details. */
  async complete(accountId: string, businessName: string): Promise<boolean> {
    const rows = await this.db
      .update(sandboxAccounts)
      .set({ active: true, businessName, activatedAt: new Date() })
      .where(eq(sandboxAccounts.id, accountId))
      .returning({ id: sandboxAccounts.id });
    return rows.length > 0;
  }

  /** Stripe answers an error for an account it does not know, rather than an empty balance. */
  private async existingAccount(accountId: string): Promise<void> {
    if (!(await this.account(accountId))) throw new Error(`No such account: '${accountId}'`);
  }
}
