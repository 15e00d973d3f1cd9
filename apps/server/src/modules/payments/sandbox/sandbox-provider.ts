import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { CurrencyAmount, PayoutView } from '@fairway/domain';
import type { Logger } from 'pino';
import type {
  CheckoutInput,
  OnboardingInput,
  PaymentDetails,
  PaymentProvider,
  ProviderEvent,
  ProviderRefundReason,
} from '../payment-provider';
import { sandboxAccounts } from './sandbox.table';

/** Shaped like a provider account id; random enough that the onboarding page's address is the secret. */
const newAccountId = () => `acct_sbx_${randomBytes(12).toString('hex')}`;

/**
 * The embedded payment provider: accounts live in `sandbox_accounts`, and onboarding is the web app's own
 * page at /sandbox/onboarding/{accountId}, so a demo club can activate payments without leaving the machine.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly webhookSecret: string,
    private readonly log: Logger,
  ) {}

  /** Where the sandbox sends its webhooks: the platform's own endpoint, known once the server listens. */
  deliverTo(webhookUrl: string): void {
    this.webhookUrl = webhookUrl;
  }
  private webhookUrl: string | null = null;

  /** Sends the webhooks not yet acknowledged whose retry time has come; answers how many were delivered. */
  deliverDue(): Promise<number> {
    throw new Error('not implemented');
  }

  dashboardLink(_accountId: string): Promise<string | null> {
    throw new Error('not implemented');
  }
  createCheckout(_input: CheckoutInput): Promise<{ sessionId: string; url: string }> {
    throw new Error('not implemented');
  }
  expireCheckout(_accountId: string, _sessionId: string): Promise<void> {
    throw new Error('not implemented');
  }
  verifyWebhook(_rawBody: Buffer, _signature: string | undefined): ProviderEvent {
    throw new Error('not implemented');
  }
  paymentDetails(_accountId: string, _paymentIntentId: string): Promise<PaymentDetails> {
    throw new Error('not implemented');
  }
  refund(
    _accountId: string,
    _paymentIntentId: string,
    _reason: ProviderRefundReason,
  ): Promise<{ refundId: string }> {
    throw new Error('not implemented');
  }
  balance(_accountId: string): Promise<{ available: CurrencyAmount[]; pending: CurrencyAmount[] }> {
    throw new Error('not implemented');
  }
  payouts(_accountId: string, _limit: number): Promise<PayoutView[]> {
    throw new Error('not implemented');
  }

  async onboardingLink(input: OnboardingInput): Promise<{ accountId: string; url: string }> {
    let accountId = input.accountId;
    if (!accountId || !(await this.account(accountId))) {
      accountId = newAccountId();
      await this.db
        .insert(sandboxAccounts)
        .values({ id: accountId, siteId: input.siteId, businessName: input.businessName });
    }
    const url = new URL(`/sandbox/onboarding/${accountId}`, this.publicUrl);
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
}
