import { eq } from 'drizzle-orm';
import type { CartBooking } from '@fairway/domain';
import type { DbExecutor } from '../../db/client';
import { devices, type DeviceRow } from '../../db/tables/devices';
import { cartBookingsToday } from '../bookings/cart-bookings';

/** What the portal's master-key page reads: the club's carts with their bookings of the day. */
export class GuestMasterRepository {
  constructor(private readonly db: DbExecutor) {}

  async carts(siteId: string, now: Date): Promise<Array<{ device: DeviceRow; bookings: CartBooking[] }>> {
    const [rows, bookings] = await Promise.all([
      this.db.select().from(devices).where(eq(devices.siteId, siteId)),
      cartBookingsToday(this.db, { siteId }, now),
    ]);
    return rows.map((device) => ({ device, bookings: bookings.get(device.id) ?? [] }));
  }
}
