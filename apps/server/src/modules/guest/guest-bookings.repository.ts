import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings } from '../../db/tables/bookings';
import type { DeviceRow } from '../../db/tables/devices';
import { devices } from '../../db/tables/devices';
import { rides } from '../../db/tables/rides';
import { services } from '../../db/tables/services';
import { sites } from '../../db/tables/sites';

export type GuestBookingRow = typeof bookings.$inferSelect;

/** A booking as its guest page reads it: the row, its cart and service names, its club's rules, its rides. */
export interface GuestBooking {
  booking: GuestBookingRow;
  carNumber: string | null;
  serviceName: string | null;
  site: { timezone: string; bookingOffset: number; bookingIntegration: boolean };
  /** the booking's open ride (active or paused, confirmed or not), if any */
  openRide: { id: string; status: 'active' | 'paused' } | null;
  /** whether any ride was ever opened by the booking's unlock (an ended one too) */
  ridden: boolean;
}

/** Statuses of a booking that still holds its cart and may still be ridden. */
const LIVE = ['confirmed', 'payment_pending'] as const;

/**
 * What the guest booking page reads (issue 18). A phone knows a booking only by its id and code: every
 * lookup is of a guest booking (never a maintenance block, which has no code).
 */
export class GuestBookingsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The site's live booking with this code: the one not yet ended if there is one (a code is unique among
   * current and future bookings), else the latest ended one, which the page shows as expired.
   */
  async idByCode(siteId: string, code: string, now: Date): Promise<{ id: string; deviceId: string } | null> {
    const [row] = await this.db
      .select({ id: bookings.id, deviceId: bookings.deviceId })
      .from(bookings)
      .where(
        and(
          eq(bookings.siteId, siteId),
          eq(bookings.code, code),
          eq(bookings.bookingType, 'booking'),
          inArray(bookings.status, [...LIVE]),
        ),
      )
      .orderBy(desc(sql`${bookings.end} > ${now.toISOString()}::timestamptz`), desc(bookings.start))
      .limit(1);
    return row ?? null;
  }

  async find(id: string): Promise<GuestBooking | null> {
    const openRide = sql<{ id: string; status: 'active' | 'paused' } | null>`(select json_build_object('id',
      ${rides.id}, 'status', ${rides.status}) from ${rides} where ${rides.bookingId} = ${bookings.id}
      and ${rides.status} <> 'ended' limit 1)`;
    const [row] = await this.db
      .select({
        booking: bookings,
        carNumber: devices.carNumber,
        serviceName: services.name,
        site: {
          timezone: sites.timezone,
          bookingOffset: sites.bookingOffset,
          bookingIntegration: sites.bookingIntegration,
        },
        openRide,
        ridden: sql<boolean>`exists (select 1 from ${rides} where ${rides.bookingId} = ${bookings.id})`,
      })
      .from(bookings)
      .innerJoin(devices, eq(devices.id, bookings.deviceId))
      .innerJoin(sites, eq(sites.id, bookings.siteId))
      .leftJoin(services, eq(services.id, bookings.serviceId))
      .where(and(eq(bookings.id, id), eq(bookings.bookingType, 'booking')));
    return row ?? null;
  }

  /** The site's carts, with whether a ride is open on each (for 'Problem with cart?'). */
  async carts(siteId: string): Promise<Array<{ device: DeviceRow; openRide: boolean }>> {
    return this.db
      .select({
        device: devices,
        // Qualified by hand: in a query of one table drizzle names its columns bare, and a bare "id" here
        // would be the ride's.
        openRide: sql<boolean>`exists (select 1 from "rides" where "rides"."device_id" = "devices"."id"
          and "rides"."status" <> 'ended')`,
      })
      .from(devices)
      .where(eq(devices.siteId, siteId));
  }
}
