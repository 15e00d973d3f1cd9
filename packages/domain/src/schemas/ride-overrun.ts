import { z } from 'zod';
import { id } from './common';

const instant = z.iso.datetime({ offset: true });

/**
 * What a view carries of an open, confirmed ride with a service duration for the overrun marks (issue 23,
 * rules/ride-overrun `isOverdue`): the ride's timing, its site's grace and when staff were alerted. The ride
 * view and the cart view (the ride the cart is in use for) carry the same, so the map, the fleet list and
 * the ride pane agree. A file of its own because both schemas import it and rides.ts imports devices.ts.
 */
export const rideOverrunMark = z.object({
  rideId: id,
  start: instant,
  /** the service's duration, minutes */
  serviceMinutes: z.number().int(),
  /** seconds paused before the current pause */
  pausedSeconds: z.number().int(),
  /** since when the ride is paused; null while it runs */
  pausedAt: instant.nullable(),
  /** the site's grace, minutes */
  graceMinutes: z.number().int(),
  /** when staff were alerted that it is overdue (once per ride); null before */
  alertedAt: instant.nullable(),
});
export type RideOverrunMarkView = z.infer<typeof rideOverrunMark>;
