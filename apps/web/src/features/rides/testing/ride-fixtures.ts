import type { RideDetail, RidesPage, RideView } from '@fairway/domain';
import { SITE_A } from '../../../test/carts';

let counter = 0;
const suffix = () => String(++counter).padStart(12, '0');

/** A ride id as the server makes them (a uuid), each one new. */
export const newRideId = () => `eeeeeeee-eeee-4eee-8eee-${suffix()}`;

/**
 * A complete, valid RideView (domain `rideView`): an ended 25-minute virtual-key ride on cart 7 of SITE_A,
 * 10 November 2026 at 10:30 in Prague, driven by Alice Green under the "18 holes" service.
 */
export function makeRide(overrides: Partial<RideView> = {}): RideView {
  return {
    _id: newRideId(),
    device: `cccccccc-cccc-4ccc-8ccc-${suffix()}`,
    siteId: SITE_A,
    carNumber: '7',
    carName: 'Birdie',
    type: 'key',
    status: 'ended',
    confirmed: true,
    start: '2026-11-10T09:30:00.000Z',
    end: '2026-11-10T09:55:00.000Z',
    duration: 1500,
    distance: 2.5,
    startOdometer: 100,
    endOdometer: 102.5,
    amount: null,
    currency: 'EUR',
    service: { _id: `55555555-5555-4555-8555-${suffix()}`, name: '18 holes' },
    price: null,
    booking: null,
    driver: null,
    meta: { name: 'Alice Green', email: 'alice@example.com' },
    unlockCode: null,
    unlockedBy: null,
    endReason: 'guest',
    rideTags: [],
    marks: { tooShort: false, fewPoints: false },
    points: 240,
    deleted: false,
    overrun: null,
    ...overrides,
  };
}

/** The detail of `ride`: a short trail near the demo course and the site's centre. */
export function makeRideDetail(ride: RideView, overrides: Partial<RideDetail> = {}): RideDetail {
  return {
    ...ride,
    trail: [
      [50.0001, 14.0001],
      [50.0005, 14.0006],
      [50.001, 14.001],
    ],
    hiRes: false,
    siteCenter: [50, 14],
    hole: null,
    ...overrides,
  };
}

/** One page of rides as the server answers it. */
export function makeRidesPage(
  data: RideView[],
  { page = 1, limit = 10, total = data.length }: Partial<{ page: number; limit: number; total: number }> = {},
): RidesPage {
  const totalPages = Math.ceil(total / limit);
  return {
    data,
    pagination: {
      currentPage: page,
      totalPages,
      totalItems: total,
      itemsPerPage: limit,
      nextPage: page < totalPages ? page + 1 : null,
      prevPage: page > 1 ? page - 1 : null,
    },
  };
}
