import type { AppContext } from '../../context';
import type { PaymentProvider } from './payment-provider';
import { SandboxPaymentProvider } from './sandbox/sandbox-provider';

/** The sandbox until the Stripe provider lands with the payments issue (#7), which reads STRIPE_SECRET_KEY. */
export function sandboxProviderOf(ctx: AppContext): SandboxPaymentProvider {
  return new SandboxPaymentProvider(ctx.db, ctx.config.publicUrl);
}

export function paymentProviderOf(ctx: AppContext): PaymentProvider {
  return sandboxProviderOf(ctx);
}
