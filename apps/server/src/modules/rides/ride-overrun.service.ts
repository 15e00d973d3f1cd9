import { holeAt, rideOverrun, type CourseHole, type RideOverrunAlert } from '@fairway/domain';
import type { Logger } from 'pino';
import type { DomainEventBus } from '../../lib/events';
import type { OverdueRide, RideOverrunRepository } from './ride-overrun.repository';

/**
 * The holes of a site's course, as the courses module answers them (its `holesOf`); the composition root
 * wires it, so rides does not import courses. No layout: [].
 */
export interface CourseHoles {
  holesOf(siteId: string): Promise<CourseHole[]>;
}

/** The hole a cart at (lat, lng) is on, from the site's holes; null without a position or a layout. */
export function holeOfCart(holes: readonly CourseHole[], lat: number | null, lng: number | null) {
  return lat === null || lng === null ? null : holeAt(holes, [lng, lat]);
}

/**
 * Ride overrun alerts (issue 23), run by the 'ride-overrun' job every 15 s (ride-overrun.jobs.ts): rides
 * past their service's duration plus the site's grace are marked once (the repository's conditional UPDATE)
 * and announced as `ride.overrun` with the hole the cart is near, which the realtime gateway sends to the
 * site's operators as `ride:overrun`; `ride.updated` follows, so ride and cart views show the mark. The
 * clock is injected, so tests set the time rather than wait.
 */
export class RideOverrunService {
  constructor(
    private readonly repo: RideOverrunRepository,
    private readonly course: CourseHoles,
    private readonly bus: DomainEventBus,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Alerts every ride that became overdue by now; answers the alerts sent. */
  async sweep(): Promise<RideOverrunAlert[]> {
    const now = this.now();
    const overdue = await this.repo.claimOverdue(new Date(now));
    if (overdue.length === 0) return [];
    const holesBySite = new Map<string, Promise<CourseHole[]>>();
    const alerts: RideOverrunAlert[] = [];
    for (const ride of overdue) {
      let holes = holesBySite.get(ride.siteId);
      if (!holes) {
        holes = this.holesOf(ride.siteId);
        holesBySite.set(ride.siteId, holes);
      }
      const alert = toAlert(ride, holeOfCart(await holes, ride.lat, ride.lng), now);
      this.bus.emit('ride.overrun', alert);
      this.bus.emit('ride.updated', ride.rideId, ride.siteId);
      alerts.push(alert);
    }
    this.log.info({ alerts: alerts.length }, 'overdue rides alerted');
    return alerts;
  }

  /**
   * The site's holes, or none when they cannot be read: the rides are marked already, so their alerts go
   * out without a hole rather than not at all.
   */
  private async holesOf(siteId: string): Promise<CourseHole[]> {
    try {
      return await this.course.holesOf(siteId);
    } catch (error) {
      this.log.warn({ err: error, siteId }, 'reading the course for overrun alerts failed');
      return [];
    }
  }
}

function toAlert(ride: OverdueRide, hole: number | null, now: number): RideOverrunAlert {
  const { start, serviceMinutes, pausedSeconds, pausedAt, graceMinutes } = ride;
  const overrun = rideOverrun({ start, serviceMinutes, pausedSeconds, pausedAt }, graceMinutes, now);
  return {
    siteId: ride.siteId,
    rideId: ride.rideId,
    deviceId: ride.deviceId,
    carNumber: ride.carNumber,
    // The statement only claims rides with a service duration, so the rule always answers.
    dueAt: new Date(overrun?.dueAt ?? now).toISOString(),
    hole,
    ts: new Date(now).toISOString(),
  };
}
