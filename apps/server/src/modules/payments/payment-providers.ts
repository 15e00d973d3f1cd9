import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { platformSecret } from '../platform/platform.service';
import type { PaymentProvider } from './payment-provider';
import { SandboxPaymentProvider } from './sandbox/sandbox-provider';
import { StripePaymentProvider } from './stripe/stripe-provider';

/** Stripe when STRIPE_SECRET_KEY is set (config checks the webhook secret comes with it), else the sandbox. */
export async function createPaymentProvider(config: Config, db: Db, log: Logger): Promise<PaymentProvider> {
  if (config.STRIPE_SECRET_KEY)
    return new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      apiUrl: config.STRIPE_API_URL,
    });
  // The sandbox signs its webhooks like Stripe; its secret is generated once and kept in the database.
  const webhookSecret = `whsec_${await platformSecret(db, 'sandbox-webhook-secret')}`;
  return new SandboxPaymentProvider(db, config.PUBLIC_URL ?? null, webhookSecret, log);
}

/** The sandbox, when it is the provider: its own pages (onboarding, checkout, dashboard) exist only then. */
export const sandboxOf = (provider: PaymentProvider): SandboxPaymentProvider | null =>
  provider instanceof SandboxPaymentProvider ? provider : null;
