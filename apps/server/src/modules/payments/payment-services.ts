import type { CoreContext } from '../../context';
import { PaidRidesService } from '../rides/paid-rides.service';
import type { RideLifecycleService } from '../rides/ride-lifecycle.service';
import { CheckoutService } from './checkout.service';
import { OnboardingService } from './onboarding.service';
import { PaymentsService } from './payments.service';
import { RefundsService } from './refunds.service';
import { WebhooksService } from './webhooks.service';

/** The payments module's services, built once by the composition root (services.ts). */
export function paymentServices(ctx: CoreContext, lifecycle: RideLifecycleService) {
  const refunds = new RefundsService(ctx.db, ctx.payments);
  const paidRides = new PaidRidesService(
    ctx.db,
    lifecycle,
    refunds,
    ctx.log,
    ctx.config.PAID_UNLOCK_REFUND_SECONDS * 1000,
  );
  const onboarding = new OnboardingService(ctx.db, ctx.payments);
  return {
    refunds,
    paidRides,
    onboarding,
    webhooks: new WebhooksService(ctx.db, ctx.payments, onboarding, paidRides, ctx.log),
    checkout: new CheckoutService(ctx.db, ctx.payments, ctx.log),
    payments: new PaymentsService(ctx.db, ctx.payments, refunds),
  };
}

export type PaymentServices = ReturnType<typeof paymentServices>;
