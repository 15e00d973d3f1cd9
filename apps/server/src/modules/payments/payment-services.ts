import type { CoreContext } from '../../context';
import { CheckoutService } from './checkout.service';
import { OnboardingService } from './onboarding.service';
import { PaymentsService } from './payments.service';
import { RefundsService } from './refunds.service';
import { WebhooksService, type PaidPurchase } from './webhooks.service';

/** The payments module's services, built once by the composition root (services.ts). */
export function paymentServices(ctx: CoreContext, purchases: PaidPurchase) {
  const refunds = new RefundsService(ctx.db, ctx.payments);
  const onboarding = new OnboardingService(ctx.db, ctx.payments);
  return {
    refunds,
    onboarding,
    webhooks: new WebhooksService(ctx.db, ctx.payments, onboarding, purchases, ctx.log),
    checkout: new CheckoutService(ctx.db, ctx.payments, ctx.log),
    payments: new PaymentsService(ctx.db, ctx.payments, refunds),
  };
}

export type PaymentServices = ReturnType<typeof paymentServices>;
