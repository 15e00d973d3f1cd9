import { and, asc, eq, exists, gt, isNull, ne, sql } from 'drizzle-orm';
import type { CartBookingsNow } from '@fairway/domain';
import type { Db } from '../../db/client';
import { cartBookingsNow } from '../bookings/cart-bookings';
import type { DeviceRow } from '../../db/tables/devices';
import { devices } from '../../db/tables/devices';
import { rides } from '../../db/tables/rides';
import { prices, services } from '../../db/tables/services';
import type { SiteRow } from '../sites/sites.presenter';
import { sites } from '../../db/tables/sites';

export type PriceRow = typeof prices.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;

export interface GuestCart {
  device: DeviceRow;
  site: SiteRow;
  /** a ride is open on it, including a paid or code unlock still waiting for the cart's confirmation */
  openRide: boolean;
  /** a live booking or a maintenance block covers now (issue 17) */
  bookingsNow: CartBookingsNow;
}

/** What the guest pages read about carts and prices; everything is looked up by the ids a phone sent. */
export class GuestCartsRepository {
  constructor(private readonly db: Db) {}

  async cart(deviceId: string, now = new Date()): Promise<GuestCart | null> {
    const openRide = this.db
      .select({ id: rides.id })
      .from(rides)
      .where(and(eq(rides.deviceId, devices.id), ne(rides.status, 'ended')));
    const [row] = await this.db
      .select({ device: devices, site: sites, openRide: sql<boolean>`${exists(openRide)}` })
      .from(devices)
      .innerJoin(sites, eq(sites.id, devices.siteId))
      .where(eq(devices.id, deviceId));
    return row ? { ...row, bookingsNow: await cartBookingsNow(this.db, deviceId, now) } : null;
  }

  /**
   * The site's prices a guest can buy by card (optionally of one service): guest prices (no user group:
   * member prices are paid with credits through a virtual key) that cost something (a free rate is not a
   * card payment). By service name, then price, so the prices page lists them steadily.
   */
  sellablePrices(siteId: string, serviceId?: string): Promise<{ price: PriceRow; service: ServiceRow }[]> {
    return this.db
      .select({ price: prices, service: services })
      .from(prices)
      .innerJoin(services, eq(services.id, prices.serviceId))
      .where(
        and(
          eq(services.siteId, siteId),
          serviceId ? eq(services.id, serviceId) : undefined,
          isNull(prices.userGroupId),
          gt(prices.amount, 0),
        ),
      )
      .orderBy(asc(services.name), asc(services.id), asc(prices.amount), asc(prices.createdAt));
  }
}
