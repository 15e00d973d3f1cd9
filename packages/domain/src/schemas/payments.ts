import { z } from 'zod';
import { safeText } from './text';

/**
 * The sandbox payment provider's own pages (GUIDE §1: the embedded stand-in for Stripe). Its onboarding page
 * is part of the web app at /sandbox/onboarding/{accountId}; these are the calls it makes.
 */
export const sandboxAccountId = z.string().regex(/^acct_sbx_[a-f\d]{24}$/, { message: 'Unknown account' });

export const sandboxAccountView = z.object({
  id: z.string(),
  businessName: z.string(),
  active: z.boolean(),
});
export type SandboxAccountView = z.infer<typeof sandboxAccountView>;

export const sandboxOnboardingBody = z.object({
  businessName: safeText().trim().min(1, { message: 'This field is required' }).max(120),
});

/* ──────────────────────────── Payments ledger (spec §3 Payment, §7 /payments) ──────────────────────────── */

export const PAYMENT_STATUSES = ['succeeded', 'pending', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** 'stripe': paid by card through the provider (Stripe or the sandbox); 'none': recorded without a charge. */
export const PAYMENT_METHODS = ['stripe', 'none'] as const;
/** Why money went back: the cart never confirmed the paid unlock, an operator refunded, or the provider did. */
export const REFUND_REASONS = ['cartNeverConfirmed', 'requestedByOperator', 'provider'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
/** What a payment buys: a ride on a cart now, or a booking. */
export const PAYMENT_PURPOSES = ['ride', 'booking'] as const;

const instant = z.iso.datetime({ offset: true });

export const currencyAmount = z.object({ currency: z.string(), amount: z.number().int() });
export type CurrencyAmount = z.infer<typeof currencyAmount>;

/** Money of one payment, all in integer minor units of `currency` (spec §3 priceDetails). */
export const priceDetails = z.object({
  total: z.number().int(),
  currency: z.string(),
  stripeProcessingFee: z.number().int(),
  applicationFee: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
});
export type PriceDetails = z.infer<typeof priceDetails>;

export const paymentView = z.object({
  _id: z.uuid(),
  status: z.enum(PAYMENT_STATUSES),
  purpose: z.enum(PAYMENT_PURPOSES),
  priceDetails,
  /** total − processing fee − application fee (spec §9) */
  net: z.number().int(),
  userDetails: z.object({ name: z.string(), email: z.string() }),
  paymentDescription: z.string(),
  createdAt: instant,
  paymentSucceededAt: instant.nullable(),
  /** until when the guest may pay (the checkout's expiry) */
  paymentDueDate: instant.nullable(),
  cancelledAt: instant.nullable(),
  refundedAt: instant.nullable(),
  refundReason: z.enum(REFUND_REASONS).nullable(),
  stripeReceiptUrl: z.string().nullable(),
  booking: z.object({ start: instant, status: z.string(), device: z.uuid().nullable() }).nullable(),
  device: z.object({ _id: z.uuid(), carNumber: z.string().nullable() }).nullable(),
  rideId: z.uuid().nullable(),
});
export type PaymentView = z.infer<typeof paymentView>;

export const PAYMENT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const PAYMENT_PAGE_SIZE = 25;

/** GET /payments (spec §7): newest first, within [start, end), optionally one status. */
export const paymentsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (PAYMENT_PAGE_SIZES as readonly number[]).includes(value), {
      message: 'limit must be 10, 25, 50 or 100',
    })
    .default(PAYMENT_PAGE_SIZE),
  sort: z.literal('createdAt:desc').default('createdAt:desc'),
  start: instant.optional(),
  end: instant.optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
});
export type PaymentsQuery = z.infer<typeof paymentsQuery>;

export const paymentsPage = z.object({
  data: z.array(paymentView),
  pagination: z.object({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalItems: z.number().int(),
    itemsPerPage: z.number().int(),
    nextPage: z.number().int().nullable(),
    prevPage: z.number().int().nullable(),
  }),
  /** The Revenue page's data cards for the same range (all statuses' filter aside): succeeded payments. */
  summary: z.object({
    count: z.number().int(),
    gross: z.array(currencyAmount),
    net: z.array(currencyAmount),
  }),
});
export type PaymentsPage = z.infer<typeof paymentsPage>;

/** A payout of the club's provider account to its bank (spec §3 Payout); a negative amount was withdrawn. */
export const payoutView = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** unix seconds, as the provider reports them */
  created: z.number().int(),
  arrival_date: z.number().int(),
  destination: z.object({ bank_name: z.string().nullable(), last4: z.string().nullable() }),
});
export type PayoutView = z.infer<typeof payoutView>;

/** GET /payments/balance (spec §7): the account's balance by currency, its recent payouts, its dashboard. */
export const balanceAnswer = z.object({
  balance: z.object({ available: z.array(currencyAmount), pending: z.array(currencyAmount) }),
  payouts: z.object({ data: z.array(payoutView) }),
  /** the provider's dashboard for the club's account; null before onboarding */
  dashboardUrl: z.string().nullable(),
});
export type BalanceAnswer = z.infer<typeof balanceAnswer>;

/** POST /payments/{id}/refund: an operator gives a succeeded payment back in full. */
export const refundAnswer = paymentView;

/* ──────────────────────────── Guest checkout (spec §7 Guest) ──────────────────────────── */

export const checkoutSessionBody = z.object({
  siteId: z.uuid(),
  /** the price (rate) the guest chose; its amount comes from the server's catalogue */
  rateId: z.uuid(),
  email: z.email({ message: 'Please enter a valid email' }).max(254),
  name: safeText().trim().min(1, { message: 'This field is required' }).max(120),
  deviceId: z.uuid(),
  success_url: z.url({ protocol: /^https?$/ }).max(2000),
  cancel_url: z.url({ protocol: /^https?$/ }).max(2000),
  bookingId: z.uuid().optional(),
});
export type CheckoutSessionBody = z.infer<typeof checkoutSessionBody>;
/** The provider's checkout session id and the address of its hosted page. */
export const checkoutSessionAnswer = z.object({ id: z.string(), url: z.string(), paymentId: z.uuid() });
export type CheckoutSessionAnswer = z.infer<typeof checkoutSessionAnswer>;

/** GET /api/guest/payments/{id}: what the guest's return page needs to know about their payment. */
export const guestPaymentView = z.object({
  _id: z.uuid(),
  status: z.enum(PAYMENT_STATUSES),
  refunded: z.boolean(),
  refundReason: z.enum(REFUND_REASONS).nullable(),
  total: z.number().int(),
  currency: z.string(),
  deviceId: z.uuid().nullable(),
  rideId: z.uuid().nullable(),
});
export type GuestPaymentView = z.infer<typeof guestPaymentView>;

/* ──────────────────────────── Sandbox hosted checkout ──────────────────────────── */

/** Card numbers the sandbox knows, as Stripe's test cards: the first succeeds, the second is declined. */
export const SANDBOX_CARDS = { succeeds: '4242424242424242', declined: '4000000000000002' } as const;

export const sandboxCheckoutId = z.string().regex(/^cs_sbx_[a-f\d]{24}$/, { message: 'Unknown checkout' });

export const SANDBOX_CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const;

export const sandboxCheckoutView = z.object({
  id: z.string(),
  status: z.enum(SANDBOX_CHECKOUT_STATUSES),
  businessName: z.string(),
  productName: z.string(),
  description: z.string(),
  /** minor units */
  amount: z.number().int(),
  currency: z.string(),
  customerEmail: z.string().nullable(),
  cancelUrl: z.string(),
  expiresAt: instant,
});
export type SandboxCheckoutView = z.infer<typeof sandboxCheckoutView>;

const digits = (value: string) => value.replace(/[\s-]/g, '');

/** The card form of the sandbox checkout page; checked as a card form would (Luhn, expiry, CVC). */
export const sandboxPayBody = z.object({
  cardNumber: z
    .string()
    .transform(digits)
    .refine((value) => /^\d{12,19}$/.test(value) && luhnValid(value), {
      message: 'Your card number is invalid.',
    }),
  /** 'MM/YY' */
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { message: "Your card's expiration date is incomplete." }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { message: "Your card's security code is incomplete." }),
  name: safeText().trim().min(1, { message: 'This field is required' }).max(120),
});
export type SandboxPayBody = z.infer<typeof sandboxPayBody>;
/** Where the browser goes after paying or cancelling. */
export const sandboxRedirectAnswer = z.object({ redirectUrl: z.string() });

/** Luhn checksum of a card number's digits. */
export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Whether an 'MM/YY' expiry is this month or later at `now`. */
export function cardExpiryValid(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  const endYear = 2000 + year!;
  return (
    endYear > now.getUTCFullYear() || (endYear === now.getUTCFullYear() && month! >= now.getUTCMonth() + 1)
  );
}

/** The sandbox's account dashboard page (the Revenue page's "provider dashboard" link). */
export const sandboxDashboardView = z.object({
  id: z.string(),
  businessName: z.string(),
  active: z.boolean(),
  balance: balanceAnswer.shape.balance,
  payouts: z.array(payoutView),
  charges: z.array(
    z.object({
      id: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      fee: z.number().int(),
      applicationFee: z.number().int(),
      refunded: z.boolean(),
      created: z.number().int(),
      description: z.string(),
    }),
  ),
});
export type SandboxDashboardView = z.infer<typeof sandboxDashboardView>;
