import type { SandboxDashboardView } from '@fairway/domain';

export interface CurrencyBalance {
  currency: string;
  available: number;
  pending: number;
}

/**
 * One card per currency with both figures: the provider lists available and pending separately, and a
 * currency may have money in only one of them (a first charge is pending, nothing is available yet).
 */
export function balancesByCurrency(balance: SandboxDashboardView['balance']): CurrencyBalance[] {
  const byCurrency = new Map<string, CurrencyBalance>();
  const entry = (currency: string) => {
    let found = byCurrency.get(currency);
    if (!found) {
      found = { currency, available: 0, pending: 0 };
      byCurrency.set(currency, found);
    }
    return found;
  };
  for (const { currency, amount } of balance.available) entry(currency).available += amount;
  for (const { currency, amount } of balance.pending) entry(currency).pending += amount;
  return [...byCurrency.values()];
}
