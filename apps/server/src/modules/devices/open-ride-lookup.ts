import type { CartView } from '@fairway/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rides } from '../../db/tables/rides';
import { withOpenRide, type OpenRideSummary } from './devices.presenter';

/**
 * How long a cart's open-ride summary is reused for its pushes. Ride changes on this instance forget it at
 * once (`forget`); the limit bounds what a change made on another instance can leave stale.
 */
export const OPEN_RIDE_CACHE_MS = 15_000;

const summaryColumns = {
  deviceId: rides.deviceId,
  driverName: rides.meta,
  startOdometer: rides.startOdometer,
};
const isOpen = ne(rides.status, 'ended');

const toSummary = (row: { driverName: { name?: string | null }; startOdometer: number | null }) => ({
  driverName: row.driverName.name || null,
  startOdometer: row.startOdometer,
});

/**
 * Reads the driver and start odometer of carts' open rides for their views (spec §2 Map bottom sheet: driver
 * name, trip distance), so every cart view that leaves the server — lists, pushes, command answers — says
 * the same as the Rides page. Only carts in use are looked up: a cart report is frequent, a ride is not.
 */
export class OpenRideLookup {
  private readonly cache = new Map<string, { summary: OpenRideSummary | null; at: number }>();

  constructor(private readonly db: Db) {}

  /** The views of one site's carts with their open rides, in one query. */
  async presentSite(siteId: string, views: CartView[]): Promise<CartView[]> {
    if (!views.some((view) => view.inUse)) return views;
    const rows = await this.db
      .select(summaryColumns)
      .from(rides)
      .where(and(eq(rides.siteId, siteId), isOpen));
    const byDevice = new Map(rows.map((row) => [row.deviceId, toSummary(row)]));
    return views.map((view) => withOpenRide(view, byDevice.get(view._id) ?? null));
  }

  /** One cart's view with its open ride (cached for pushes; see OPEN_RIDE_CACHE_MS). */
  async present(view: CartView, now = Date.now()): Promise<CartView> {
    if (!view.inUse) {
      this.cache.delete(view._id);
      return withOpenRide(view, null);
    }
    const cached = this.cache.get(view._id);
    if (cached && now - cached.at < OPEN_RIDE_CACHE_MS) return withOpenRide(view, cached.summary);
    const [row] = await this.db
      .select(summaryColumns)
      .from(rides)
      .where(and(eq(rides.deviceId, view._id), isOpen));
    const summary = row ? toSummary(row) : null;
    this.cache.set(view._id, { summary, at: now });
    return withOpenRide(view, summary);
  }

  /** A ride opened, changed or ended: the next push reads again. */
  forget(): void {
    this.cache.clear();
  }
}
