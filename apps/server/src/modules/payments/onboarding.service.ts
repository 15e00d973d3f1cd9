import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { sites } from '../../db/tables/sites';
import type { PaymentProvider } from './payment-provider';

/**
 * Connecting a club to the payment provider (spec §7 POST /sites/stripe/onboard). The site keeps the
 * account id and whether it can take payments; online booking features stay off until it can.
 */
export class OnboardingService {
  constructor(
    private readonly db: Db,
    private readonly provider: PaymentProvider,
  ) {}

  /**
   * The provider's onboarding address for the site, creating its account on the first call. `appUrl`: this
   * app's address as the admin reached it (PUBLIC_URL when set), where the provider sends them back.
   */
  async onboard(siteId: string, appUrl: string): Promise<{ url: string }> {
    const [site] = await this.db.select().from(sites).where(eq(sites.id, siteId));
    if (!site) throw notFound('Site not found');
    const back = (state: string) => new URL(`/settings/booking?onboarding=${state}`, appUrl).toString();
    const { accountId, url } = await this.provider.onboardingLink({
      accountId: site.stripeAccountId,
      siteId,
      businessName: site.publicProfile.name || site.name,
      country: site.country,
      returnUrl: back('return'),
      refreshUrl: back('refresh'),
    });
    if (accountId !== site.stripeAccountId)
      await this.db
        .update(sites)
        .set({ stripeAccountId: accountId, stripeAccountActive: false })
        .where(eq(sites.id, siteId));
    return { url };
  }

  /** The provider says the account changed (a webhook, the sandbox's page): the site follows its state. */
  async accountUpdated(accountId: string): Promise<void> {
    const active = await this.provider.accountActive(accountId);
    await this.db
      .update(sites)
      .set({ stripeAccountActive: active })
      .where(eq(sites.stripeAccountId, accountId));
  }
}
