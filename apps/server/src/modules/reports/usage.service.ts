import {
  USAGE_ORIGIN_TYPES,
  localDate,
  usageGrouping,
  type RideUsage,
  type RideUsageQuery,
} from '@fairway/domain';
import { notFound } from '../../lib/errors';
import type { HeatCell, UsageRepository } from './usage.repository';

/** 7 × 24 counts (Monday first, hours of the site's clock) from the cells PostgreSQL counted. */
function weekHours(cells: readonly HeatCell[]): number[][] {
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const [weekday, hour, count] of cells) grid[weekday]![hour] = count;
  return grid;
}

/** The range's instants and the site days it covers, as the chart and its exports read them. */
export function usageRange(query: Pick<RideUsageQuery, 'start' | 'end'>, timezone: string) {
  const start = new Date(query.start);
  const end = new Date(query.end);
  return {
    start,
    end,
    firstDay: localDate(start.getTime(), timezone),
    // [start, end): the last site day is the one of the range's last instant.
    lastDay: localDate(end.getTime() - 1, timezone),
  };
}

/**
 * GET /rides/chart: Reports → Usage of the selected site (issue 19). The days, months, weekdays and hours
 * are the site's own; the range's grouping is the domain's rule, and PostgreSQL counts everything.
 */
export class UsageService {
  constructor(private readonly repository: UsageRepository) {}

  async usage(siteId: string, query: RideUsageQuery): Promise<RideUsage> {
    const deviceId = query.device ?? null;
    const scope = await this.repository.siteScope(siteId, deviceId);
    if (!scope) throw notFound('Site not found');
    // Another site's cart is as unknown here as a missing one.
    if (!scope.cartFound) throw notFound('Cart not found');
    const { timezone } = scope;
    const { start, end, firstDay, lastDay } = usageRange(query, timezone);
    const grouping = usageGrouping(firstDay, lastDay);
    const found = await this.repository.aggregate({
      siteId,
      timezone,
      start,
      end,
      firstDay,
      lastDay,
      grouping,
      deviceId,
      types: USAGE_ORIGIN_TYPES[query.origin],
    });
    return {
      timeZone: timezone,
      firstDay,
      lastDay,
      grouping,
      totals: {
        rounds: found.rounds,
        averageDuration: found.average,
        durationsCounted: found.counted,
        outliers: found.known - found.counted,
      },
      usage: found.usage.map(([period, rounds, seconds]) => ({ period, rounds, seconds })),
      carts: found.carts.map(([device, carNumber, carName, rounds, seconds]) => ({
        device,
        carNumber,
        carName,
        rounds,
        seconds,
      })),
      services: found.services.map(([service, name, rounds]) => ({ service, name, rounds })),
      prices: found.prices.map(([price, name, serviceName, rounds]) => ({
        price,
        name,
        serviceName,
        rounds,
      })),
      heatmap: { rounds: weekHours(found.roundCells), bookings: weekHours(found.bookingCells) },
    };
  }
}
