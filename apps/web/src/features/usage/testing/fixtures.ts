import type { RideUsage } from '@fairway/domain';

export const CART_7 = 'c0000000-0000-4000-8000-000000000007';
export const CART_12 = 'c0000000-0000-4000-8000-000000000012';
const SERVICE_18 = '50000000-0000-4000-8000-000000000018';
const PRICE_GUEST = '90000000-0000-4000-8000-000000000001';

const zeros = () => Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));

/** A heatmap with `count` at weekday × hour (0 = Monday). */
export function heatmapWith(cells: [weekday: number, hour: number, count: number][]): number[][] {
  const rows = zeros();
  for (const [weekday, hour, count] of cells) rows[weekday]![hour] = count;
  return rows;
}

/** A valid answer of GET /rides/chart (domain `rideUsage`): November 2026 in London, by day, three days shown. */
export function makeRideUsage(overrides: Partial<RideUsage> = {}): RideUsage {
  return {
    timeZone: 'Europe/London',
    firstDay: '2026-11-01',
    lastDay: '2026-11-30',
    grouping: 'day',
    totals: { rounds: 1234, averageDuration: 3725, durationsCounted: 1200, outliers: 34 },
    usage: [
      { period: '2026-11-01', rounds: 400, seconds: 1_440_000 },
      { period: '2026-11-02', rounds: 500, seconds: 1_800_000 },
      { period: '2026-11-03', rounds: 334, seconds: 1_200_000 },
    ],
    carts: [
      { device: CART_7, carNumber: '7', carName: null, rounds: 1000, seconds: 3_600_000 },
      { device: CART_12, carNumber: '12', carName: null, rounds: 234, seconds: 840_000 },
    ],
    services: [
      { service: SERVICE_18, name: '18 holes', rounds: 1000 },
      { service: null, name: null, rounds: 234 },
    ],
    prices: [
      { price: PRICE_GUEST, name: 'Guest', serviceName: '18 holes', rounds: 1000 },
      { price: null, name: null, serviceName: null, rounds: 234 },
    ],
    heatmap: { rounds: heatmapWith([[0, 9, 40]]), bookings: heatmapWith([[5, 10, 12]]) },
    ...overrides,
  };
}

/** An answer for a period without a single round: the site's carts still listed, idle. */
export const emptyRideUsage = (): RideUsage =>
  makeRideUsage({
    totals: { rounds: 0, averageDuration: null, durationsCounted: 0, outliers: 0 },
    usage: [{ period: '2026-11-01', rounds: 0, seconds: 0 }],
    carts: makeRideUsage().carts.map((cart) => ({ ...cart, rounds: 0, seconds: 0 })),
    services: [],
    prices: [],
    heatmap: { rounds: heatmapWith([]), bookings: heatmapWith([]) },
  });
