import type { CurrencyAmount, PayoutView } from '@fairway/domain';
import type {
  CheckoutInput,
  OnboardingInput,
  PaymentDetails,
  PaymentProvider,
  ProviderEvent,
  ProviderRefundReason,
} from '../payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** another API address (a local fake in tests) */
  apiUrl?: string;
}

/** Stripe Connect through the official `stripe` package. (Being written: issue #7.) */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  constructor(private readonly options: StripeProviderOptions) {}
  onboardingLink(_input: OnboardingInput): Promise<{ accountId: string; url: string }> {
    throw new Error('not implemented');
  }
  accountActive(_accountId: string): Promise<boolean> {
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
}
