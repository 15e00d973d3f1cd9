import {
  parseLatLng,
  simplifyTrail,
  type GuestRideView,
  type RideDetail,
  type RidesPage,
  type RidesQuery,
  type RideView,
} from '@fairway/domain';
import { HttpError } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import { isUuid } from '../payments/payment-events';
import { paginationOf } from '../devices/battery.service';
import { HISTORY_SETTINGS } from '../history/history.settings';
import type { RideActor, RideLifecycleService } from './ride-lifecycle.service';
import { holeOfCart, type CourseHoles } from './ride-overrun.service';
import type { RideViewsRepository, RideWithNames } from './ride-views.repository';
import { toGuestRideView, toRideDetail, toRideView } from './rides.presenter';
import type { RideRow } from './rides.repository';

export const rideNotFound = () => new HttpError(404, 'Ride not found', 'rideNotFound');

/** Spec §9: coordinates go out with 6 decimals (about 10 cm), which is all a GPS fix holds. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The read side of rides (issue #6): what operators and guests see of a ride, and the Rides page's list.
 * The write side (`RideLifecycleService`) changes rides and says so on the bus; this side only reads,
 * except for the operator's delete, which hides a ride from every view (after ending it by the lifecycle).
 */
export class RideViewsService {
  constructor(
    private readonly rides: RideViewsRepository,
    private readonly bus: DomainEventBus,
    private readonly lifecycle: Pick<RideLifecycleService, 'end'>,
    private readonly course: CourseHoles,
  ) {}

  /** The guest's view of a ride (null when unknown or deleted). */
  async guestView(rideId: string): Promise<GuestRideView | null> {
    // The id comes from a phone (a path or a socket argument): anything but a uuid is simply unknown.
    if (!isUuid(rideId)) return null;
    const ride = await this.rides.guestRide(rideId);
    return ride ? toGuestRideView(ride, new Date()) : null;
  }

  /** The operator's view of one ride row (as the lifecycle answers it). */
  async view(row: RideRow): Promise<RideView> {
    const found = await this.rides.find(row.id);
    if (!found) throw rideNotFound();
    return toRideView({ ...found, ride: row });
  }

  /** The operator's view of a ride, deleted ones included (a deletion is pushed as the deleted ride). */
  async viewById(rideId: string): Promise<RideView | null> {
    const found = await this.rides.find(rideId);
    return found ? toRideView(found) : null;
  }

  /** The site's open rides (live map and the operator's socket). */
  async openRides(siteId: string): Promise<RideView[]> {
    return (await this.rides.open(siteId)).map(toRideView);
  }

  /** The detail pane's ride with its trail (every position with hiRes, else simplified). */
  async detail(rideId: string, siteId: string, hiRes: boolean): Promise<RideDetail> {
    const ride = await this.onSite(rideId, siteId);
    const { deviceId, start, end } = ride.ride;
    const positions = await this.rides.trail(deviceId, start, end ?? new Date());
    const trail = (hiRes ? positions : simplifyTrail(positions, HISTORY_SETTINGS.toleranceMetres)).map(
      ([lat, lng]): [number, number] => [round6(lat), round6(lng)],
    );
    return toRideDetail(
      ride,
      trail,
      hiRes,
      parseLatLng(ride.centerLatLong) ?? [0, 0],
      await this.holeNow(ride, positions.at(-1)),
    );
  }

  /** The hole an open ride's cart is on at its last position ("Overdue by 12 min, near hole 7"). */
  private async holeNow(ride: RideWithNames, last: [number, number] | undefined): Promise<number | null> {
    if (ride.ride.status === 'ended' || !last) return null;
    return holeOfCart(await this.course.holesOf(ride.ride.siteId), last[0], last[1]);
  }

  /** GET /rides: the site's rides, newest first by start, not deleted. */
  async list(siteId: string, query: RidesQuery): Promise<RidesPage> {
    const { rows, total } = await this.rides.page(
      siteId,
      {
        ...(query.start ? { start: new Date(query.start) } : {}),
        ...(query.end ? { end: new Date(query.end) } : {}),
        ...(query.device ? { deviceId: query.device } : {}),
        ...(query.search ? { search: { text: query.search, field: query.searchField } } : {}),
      },
      query.limit,
      (query.page - 1) * query.limit,
    );
    return { data: rows.map(toRideView), pagination: paginationOf(query.page, query.limit, total) };
  }

  /** The site's ride, not deleted, else 404 (another site's ride is as unknown as a missing one). */
  async onSite(rideId: string, siteId: string): Promise<RideWithNames> {
    const ride = await this.rides.findOnSite(rideId, siteId);
    if (!ride) throw rideNotFound();
    return ride;
  }

  /**
   * POST /rides/delete: the ride disappears from every list and view but stays in the table (reports and
   * payments still point at it). An open ride is ended first, so no cart stays unlocked for a ride nobody
   * sees; a ride that ended meanwhile is simply deleted.
   */
  async delete(rideId: string, siteId: string, actor: RideActor): Promise<RideView> {
    const ride = await this.onSite(rideId, siteId);
    if (ride.ride.status !== 'ended') {
      try {
        await this.lifecycle.end(rideId, actor, 'operator');
      } catch (error) {
        if (!(error instanceof HttpError && error.code === 'rideEnded')) throw error;
      }
    }
    const deleted = await this.rides.markDeleted(rideId, siteId);
    if (!deleted) throw rideNotFound();
    this.bus.emit('ride.updated', rideId, siteId);
    return this.view(deleted);
  }
}
