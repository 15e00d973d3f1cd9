import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { OnboardingInput, PaymentProvider } from '../payment-provider';
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
  ) {}

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
