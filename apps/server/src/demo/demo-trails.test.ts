import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { trailLengthKm, type RideDetail } from '@fairway/domain';
import { DEMO_COURSE } from '@fairway/simulator';
import type { Runtime } from '../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../test/helpers';
import { positions } from '../db/tables/devices';
import { rides } from '../db/tables/rides';
import { demoRideTrail } from './demo-trails';

describe('a demo ride’s trail', () => {
  const start = new Date('2026-11-20T10:00:00Z');

  it('is driven from start to end, a position a minute, its length the distance', () => {
    const end = new Date(start.getTime() + 90 * 60_000);
    const trail = demoRideTrail(DEMO_COURSE, start, end);
    expect(trail.positions).toHaveLength(91);
    expect(trail.positions[0]!.ts).toEqual(start);
    expect(trail.positions.at(-1)!.ts).toEqual(end);
    // It starts and ends at the barn, and is as long as it says.
    expect([trail.positions[0]!.lat, trail.positions[0]!.lng]).toEqual([...DEMO_COURSE.barn]);
    const drawn = trailLengthKm(trail.positions.map((point) => [point.lat, point.lng] as const));
    expect(trail.distanceKm).toBeGreaterThan(1);
    expect(Math.abs(drawn - trail.distanceKm)).toBeLessThan(0.3);
  });

  it('is empty for a ride without time', () => {
    expect(demoRideTrail(DEMO_COURSE, start, start)).toEqual({ positions: [], distanceKm: 0 });
  });
});

describe('the seeded demo club’s finished rides', () => {
  let rt: Runtime;
  let admin: string;
  let siteId: string;

  beforeAll(async () => {
    rt = await startTestServer();
    admin = await loginAs(rt, 'admin@example.com');
    siteId = (await demoSiteIds(rt)).demo;
  });
  afterAll(() => rt.stop());

  it('each have their positions in their window, counted, and a detail that says so', async () => {
    const seeded = await rt.ctx.db
      .select()
      .from(rides)
      .where(and(eq(rides.siteId, siteId), eq(rides.status, 'ended'), isNotNull(rides.paymentId)));
    expect(seeded.length).toBeGreaterThan(50);
    for (const ride of seeded) {
      const [counted] = await rt.ctx.db
        .select({ count: sql<number>`count(*)::int` })
        .from(positions)
        .where(
          and(
            eq(positions.deviceId, ride.deviceId),
            gte(positions.ts, ride.start),
            lte(positions.ts, ride.end!),
          ),
        );
      expect(ride.points, `ride ${ride.id}`).toBe(counted!.count);
    }

    const longest = seeded.reduce((best, ride) => ((ride.points ?? 0) > (best.points ?? 0) ? ride : best));
    expect(longest.points).toBeGreaterThan(10);
    const res = await rt.app.inject({
      url: `/api/dashboard/rides/${longest.id}?hiRes=true`,
      headers: asUser(admin, siteId),
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<RideDetail>();
    expect(detail).toMatchObject({ status: 'ended', points: longest.points });
    expect(detail.trail).toHaveLength(longest.points!);
    expect(detail.distance).toBeGreaterThan(0);
  });
});
