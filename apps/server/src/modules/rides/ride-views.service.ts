import type { GuestRideView, RideDetail, RideView } from '@fairway/domain';
import type { RideRow } from './rides.repository';

const NOT_IMPLEMENTED = 'NOT_IMPLEMENTED';

/**
 * The read side of rides (issue #6): what operators and guests see of a ride, and the Rides page's list.
 * CONTRACT (the lead wrote these signatures; the implementation replaces the bodies and may add methods).
 */
export class RideViewsService {
  /** The guest's view of a ride (null when unknown or deleted). */
  guestView(rideId: string): Promise<GuestRideView | null> {
    void rideId;
    return Promise.reject(new Error(NOT_IMPLEMENTED));
  }

  /** The operator's view of one ride row. */
  view(row: RideRow): Promise<RideView> {
    void row;
    return Promise.reject(new Error(NOT_IMPLEMENTED));
  }

  /** The detail pane's ride with its trail (every position with hiRes, else simplified). */
  detail(rideId: string, siteId: string, hiRes: boolean): Promise<RideDetail> {
    void rideId;
    void siteId;
    void hiRes;
    return Promise.reject(new Error(NOT_IMPLEMENTED));
  }
}
