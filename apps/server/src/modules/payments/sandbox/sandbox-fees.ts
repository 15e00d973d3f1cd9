/**
 * The sandbox's processing fee, modelled on Stripe's standard UK pricing for UK cards: 1.5 % of the amount
 * plus 20 minor units per successful charge, in the charge's currency. The only place the fee is defined:
 * the charge records it, and the ledger, receipts and dashboards read it from there.
 */
export const SANDBOX_FEE = {
  /** 1.5 % in basis points, so the arithmetic stays in integers */
  basisPoints: 150,
  /** minor units */
  fixed: 20,
} as const;

/** The fee of one charge of `amount` minor units; the percentage is rounded half up to a whole minor unit. */
export function sandboxProcessingFee(amount: number): number {
  return Math.floor((amount * SANDBOX_FEE.basisPoints + 5_000) / 10_000) + SANDBOX_FEE.fixed;
}
