import { z } from 'zod';
import { id } from './common';

/**
 * Ride history (spec §2 Map, §7 GET /rides/history): where the site's carts drove in a period, as trails
 * or as a heatmap. The longest quick range is 6 months; a little more is allowed so that a range computed
 * in any time zone, across daylight-saving changes, still fits.
 */
export const HISTORY_LIMITS = { maxRangeDays: 190 } as const;

const DAY_MS = 86_400_000;

export const historyMode = z.enum(['trail', 'heatmap']);
export type HistoryMode = z.infer<typeof historyMode>;

const instant = z.iso.datetime({ offset: true });

/** [start, end): ISO instants; the browser sends the bounds of the site's days. */
export const rideHistoryQuery = z
  .object({ start: instant, end: instant, mode: historyMode })
  .refine((query) => Date.parse(query.end) > Date.parse(query.start), {
    message: 'Must be after start',
    path: ['end'],
  })
  .refine(
    (query) => Date.parse(query.end) - Date.parse(query.start) <= HISTORY_LIMITS.maxRangeDays * DAY_MS,
    { message: `The range may span at most ${HISTORY_LIMITS.maxRangeDays} days`, path: ['end'] },
  );
export type RideHistoryQuery = z.infer<typeof rideHistoryQuery>;

const latLng = z.tuple([z.number(), z.number()]);

/** One cart's trail: drives split where it paused or lost its position, each a polyline of [lat, lng]. */
export const historyTrail = z.object({
  deviceId: id,
  carNumber: z.string().nullable(),
  segments: z.array(z.array(latLng)),
});
export type HistoryTrail = z.infer<typeof historyTrail>;

export const rideHistoryTrails = z.object({ mode: z.literal('trail'), carts: z.array(historyTrail) });

/** Grid cells of `cellSize` degrees: [lat, lng] of the cell's centre and the number of moving reports in it. */
export const rideHistoryHeatmap = z.object({
  mode: z.literal('heatmap'),
  cellSize: z.number(),
  points: z.array(z.tuple([z.number(), z.number(), z.number()])),
});

export const rideHistory = z.discriminatedUnion('mode', [rideHistoryTrails, rideHistoryHeatmap]);
export type RideHistory = z.infer<typeof rideHistory>;
