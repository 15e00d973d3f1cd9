import { z } from 'zod';
import { id } from './common';
import type { RideType } from './rides';
import { SITE_LANGS } from './sites';

/**
 * Reports → Usage (spec §2 Usage, §7 GET /rides/chart; issue 19): the selected site's rounds in a range,
 * aggregated by the server. The browser sends the bounds of the site's days as instants, as for the Rides
 * list, the ride history and the payments: [start, end).
 */

/** Ten years: the longest range the page offers is "all time" from 2020 (admin presets, spec §2). */
export const USAGE_LIMITS = { maxRangeDays: 3_660 } as const;

/**
 * Whose rounds: every ride, those of a booking (type 'booking'), or those staff unlocked from the dashboard
 * (type 'manual'). The bookings heatmap is of bookings, so only the cart filter applies to it.
 */
export const USAGE_ORIGINS = ['all', 'booking', 'manual'] as const;
export type UsageOrigin = (typeof USAGE_ORIGINS)[number];
/** The ride types of each origin; null: all of them. */
export const USAGE_ORIGIN_TYPES: Record<UsageOrigin, readonly RideType[] | null> = {
  all: null,
  booking: ['booking'],
  manual: ['manual'],
};

const DAY_MS = 86_400_000;
const instant = z.iso.datetime({ offset: true });

/** GET /api/dashboard/rides/chart */
export const rideUsageQuery = z
  .object({
    start: instant,
    end: instant,
    /** one cart of the site */
    device: id.optional(),
    origin: z.enum(USAGE_ORIGINS).default('all'),
  })
  .refine((query) => Date.parse(query.end) > Date.parse(query.start), {
    message: 'Must be after start',
    path: ['end'],
  })
  .refine((query) => Date.parse(query.end) - Date.parse(query.start) <= USAGE_LIMITS.maxRangeDays * DAY_MS, {
    message: `The range may span at most ${USAGE_LIMITS.maxRangeDays} days`,
    path: ['end'],
  });
export type RideUsageQuery = z.infer<typeof rideUsageQuery>;

const count = z.number().int().min(0);

/** One bucket of the usage area chart: a site day ('YYYY-MM-DD') or month ('YYYY-MM'); empty ones included. */
export const usagePeriod = z.object({
  period: z.string(),
  rounds: count,
  /** seconds of the rounds that ended (each as §4 counts it, capped ones 0) */
  seconds: count,
});

export const rideUsage = z.object({
  /** the site's time zone: every day, month, weekday and hour below is in it */
  timeZone: z.string(),
  /** the first and last site day of the range, 'YYYY-MM-DD' */
  firstDay: z.iso.date(),
  lastDay: z.iso.date(),
  grouping: z.enum(['day', 'month']),
  totals: z.object({
    /** confirmed, not deleted rides that started in the range */
    rounds: count,
    /** whole seconds without outliers (rules/ride-usage.ts); null when no round has a known length */
    averageDuration: z.number().int().nullable(),
    /** durations in the average */
    durationsCounted: count,
    /** durations left out as outliers */
    outliers: count,
  }),
  usage: z.array(usagePeriod),
  /** the site's carts by car number (those without rounds too, so an idle cart shows) */
  carts: z.array(
    z.object({
      device: id,
      carNumber: z.string().nullable(),
      carName: z.string().nullable(),
      rounds: count,
      seconds: count,
    }),
  ),
  /** rounds per service, most first; a round without a service has service null */
  services: z.array(z.object({ service: id.nullable(), name: z.string().nullable(), rounds: count })),
  /** rounds per price, most first; a price's name repeats across services, so its service's name comes along */
  prices: z.array(
    z.object({
      price: id.nullable(),
      name: z.string().nullable(),
      serviceName: z.string().nullable(),
      rounds: count,
    }),
  ),
  /**
   * Weekday × hour counts, weekday 0 = Monday … 6 = Sunday, hour 0–23 of the site's clock: rounds by their
   * start, and bookings (not cancelled or failed, maintenance blocks aside) by theirs.
   */
  heatmap: z.object({
    rounds: z.array(z.array(count).length(24)).length(7),
    bookings: z.array(z.array(count).length(24)).length(7),
  }),
});
export type RideUsage = z.infer<typeof rideUsage>;

/**
 * GET /api/dashboard/rides/chart/rides.csv and /summary.pdf: the chart's query and the language of the
 * file (headers, dates, numbers); without it the user's language, else the site's, else English.
 */
export const rideUsageExportQuery = rideUsageQuery.safeExtend({ lang: z.enum(SITE_LANGS).optional() });
export type RideUsageExportQuery = z.infer<typeof rideUsageExportQuery>;
