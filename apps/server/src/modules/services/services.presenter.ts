import type { PriceView, ServiceView } from '@fairway/domain';
import type { prices, services } from '../../db/tables/services';

export type ServiceRow = typeof services.$inferSelect;
export type ServiceWithCurrency = ServiceRow & { currency: string };
export type PriceWithGroup = typeof prices.$inferSelect & { userGroupName: string | null };

export function toPriceView(row: PriceWithGroup): PriceView {
  return {
    _id: row.id,
    name: row.name,
    amount: row.amount,
    credits: row.credits,
    description: row.description,
    userGroup: row.userGroupId,
    userGroupName: row.userGroupName,
    availableTimes: row.availableTimes,
  };
}

/** A service with its prices; amounts are in `currency`, the site's. */
export function toServiceView(row: ServiceWithCurrency, servicePrices: PriceWithGroup[]): ServiceView {
  return {
    _id: row.id,
    name: row.name,
    duration: row.duration,
    site: row.siteId,
    currency: row.currency,
    prices: servicePrices.map(toPriceView),
  };
}
