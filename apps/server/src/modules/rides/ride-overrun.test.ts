import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type {
  CartView,
  CourseHole,
  GuestRideView,
  RideDetail,
  RideOverrunAlert,
  RideView,
  SiteView,
} from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, startAsSuperadmin } from '../../../test/helpers';
import { connectSocket, request, type TestSocket } from '../../../test/fleet-fixtures';
import { nextRideUpdate } from '../../../test/socket-push';
import { JobRunner } from '../../jobs/job-runner';
import { devices, positions } from '../../db/tables/devices';
import { scheduledJobs } from '../../db/tables/jobs';
import { siteCourses } from '../../db/tables/courses';
import { rides } from '../../db/tables/rides';
import { services } from '../../db/tables/services';
import { DomainEventBus } from '../../lib/events';
import { RideLifecycleRepository } from './ride-lifecycle.repository';
import { RIDE_OVERRUN_JOB, registerRideOverrunJobs } from './ride-overrun.jobs';
import { RideOverrunRepository } from './ride-overrun.repository';
import { RideOverrunService } from './ride-overrun.service';

let rt: Runtime;
let superadmin: string;
let siteId: string;
let serviceId: string;
let socket: TestSocket;

const MIN = 60_000;
/**
 * Every ride here started ten minutes ago on a 60-minute service: due in 50 minutes of real time, so a sweep
 * with the real clock (another test file running the job) never finds one, and the tests move the injected
 * clock instead of waiting.
 */
const START = Date.now() - 10 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();
/** Hole 7 runs north along the site's centre meridian; the carts stand on its fairway. */
const HOLE_7: CourseHole = {
  number: 7,
  par: 4,
  tee: [-2.8, 56.34],
  fairway: [
    [-2.8, 56.34],
    [-2.8, 56.343],
  ],
  green: [-2.8, 56.343],
};

/** The injected clock of every sweep below (epoch ms). */
let clock = START;
/** A sweep as an instance of its own would run it: its own repository, the test's clock. */
const sweeper = (bus: DomainEventBus = rt.ctx.bus) =>
  new RideOverrunService(new RideOverrunRepository(rt.ctx.db), rt.ctx.courses, bus, rt.ctx.log, () => clock);
/** The alerts of this file's site (a shared database may hold other files' rides). */
const ours = (alerts: RideOverrunAlert[]) => alerts.filter((alert) => alert.siteId === siteId);
const sweepAt = async (at: number, sweep = sweeper()) => {
  clock = at;
  return ours(await sweep.sweep());
};

let carNumber = 0;
/** A cart of the site, in use, standing on hole 7. */
async function cart(): Promise<string> {
  const [row] = await rt.ctx.db
    .insert(devices)
    .values({
      serial: `OVERRUN-${randomUUID()}`,
      secretHash: 'x',
      siteId,
      carNumber: String(++carNumber),
      inUse: true,
      online: true,
      lockStatus: 0,
      lat: 56.3415,
      lng: -2.8001,
      lastReportAt: new Date(),
    })
    .returning();
  return row!.id;
}

/** An open, confirmed ride of the 60-minute service that started at START, on a cart of its own. */
async function ride(values: Partial<typeof rides.$inferInsert> = {}): Promise<string> {
  const deviceId = await cart();
  const [row] = await rt.ctx.db
    .insert(rides)
    .values({
      siteId,
      deviceId,
      type: 'manual',
      status: 'active',
      confirmed: true,
      serviceId,
      start: new Date(START),
      ...values,
    })
    .returning();
  return row!.id;
}

const rideRow = async (rideId: string) =>
  (await rt.ctx.db.select().from(rides).where(eq(rides.id, rideId)))[0]!;
const patchSite = (updateData: Record<string, unknown>) =>
  rt.app.inject({
    method: 'PATCH',
    url: '/api/dashboard/sites',
    headers: asUser(superadmin, siteId),
    payload: { updateData },
  });
const dashboard = async <T>(url: string) => {
  const res = await rt.app.inject({ url: `/api/dashboard${url}`, headers: asUser(superadmin, siteId) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  const created = await rt.app.inject({
    method: 'POST',
    url: '/api/admin/sites',
    headers: asUser(superadmin),
    payload: {
      name: `Overrun GC ${Date.now()}`,
      country: 'United Kingdom',
      currency: 'GBP',
      centerLatLong: '56.34, -2.80',
      timezone: 'Europe/London',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  siteId = created.json<SiteView>()._id;
  const [service] = await rt.ctx.db
    .insert(services)
    .values({ siteId, name: '18 holes', duration: 60 })
    .returning();
  serviceId = service!.id;
  await rt.ctx.db.insert(siteCourses).values({ siteId, holes: [HOLE_7] });
  socket = await connectSocket(rt, superadmin);
  expect(await request(socket, 'join:site', siteId)).toMatchObject({ ok: true });
});
afterAll(async () => {
  socket?.close();
  await rt.stop();
});

describe('the overrun sweep', () => {
  it('alerts at the second the ride is due plus the grace, not a second before, near the hole of its cart', async () => {
    const rideId = await ride();
    const alertAt = START + 70 * MIN; // 60 minutes of service + the default 10 of grace
    expect(await sweepAt(alertAt - 1000)).toEqual([]);
    expect((await rideRow(rideId)).overrunAlertedAt).toBeNull();

    const pushed = new Promise<RideOverrunAlert>((resolve) =>
      socket.on('ride:overrun', (alert) => alert.rideId === rideId && resolve(alert)),
    );
    const updated = nextRideUpdate<RideView>(socket, rideId, (view) => Boolean(view.overrun?.alertedAt));
    const [alert] = await sweepAt(alertAt);
    expect(alert).toEqual({
      siteId,
      rideId,
      deviceId: (await rideRow(rideId)).deviceId,
      carNumber: String(carNumber),
      dueAt: iso(START + 60 * MIN),
      hole: 7,
      ts: iso(alertAt),
    });
    expect((await rideRow(rideId)).overrunAlertedAt).toEqual(new Date(alertAt));
    // The site's operators hear it once, live, and the ride's view carries the mark.
    expect(await pushed).toEqual(alert);
    expect((await updated).overrun).toMatchObject({ alertedAt: iso(alertAt), serviceMinutes: 60 });
  });

  it('alerts each ride once: a later sweep, and two instances sweeping at the same moment', async () => {
    const [first, second] = [await ride(), await ride()];
    const heard: string[] = [];
    const listener = (alert: RideOverrunAlert) => heard.push(alert.rideId);
    rt.ctx.bus.on('ride.overrun', listener);
    try {
      clock = START + 71 * MIN;
      const [a, b] = await Promise.all([sweeper().sweep(), sweeper().sweep()]);
      const alerted = [...ours(a), ...ours(b)].map((alert) => alert.rideId);
      expect(alerted.filter((id) => id === first)).toHaveLength(1);
      expect(alerted.filter((id) => id === second)).toHaveLength(1);
      expect(await sweepAt(START + 90 * MIN)).toEqual([]);
      expect(heard.filter((id) => id === first || id === second).sort()).toEqual([first, second].sort());
    } finally {
      rt.ctx.bus.off('ride.overrun', listener);
    }
  });

  it('leaves pause time out: a resumed ride is due later by its pause, a paused one is not alerted', async () => {
    // Paused for twenty minutes, then resumed: the lifecycle adds the pause to the ride's paused seconds.
    const resumed = await ride();
    await rt.ctx.rides.lifecycle.markPaused(resumed);
    await rt.ctx.db
      .update(rides)
      .set({ pausedAt: sql`now() - interval '20 minutes'` })
      .where(eq(rides.id, resumed));
    await rt.ctx.rides.lifecycle.markActive(resumed);
    const { pausedSeconds, pausedAt } = await rideRow(resumed);
    expect(pausedAt).toBeNull();
    expect(pausedSeconds).toBeGreaterThanOrEqual(20 * 60 - 1);
    expect(pausedSeconds).toBeLessThanOrEqual(20 * 60 + 1);
    const alertAt = START + 70 * MIN + pausedSeconds * 1000;
    expect(await sweepAt(START + 70 * MIN)).toEqual([]);
    expect(await sweepAt(alertAt - 1000)).toEqual([]);
    expect((await sweepAt(alertAt)).map((alert) => alert.rideId)).toEqual([resumed]);

    // Paused after 50 minutes and still paused: its time stands still, however late the clock.
    const paused = await ride({ status: 'paused', pausedAt: new Date(START + 50 * MIN) });
    expect(await sweepAt(START + 300 * MIN)).toEqual([]);
    expect((await rideRow(paused)).overrunAlertedAt).toBeNull();

    // A ride ended while paused: the last pause counts too.
    const ended = await ride({ status: 'paused', pausedAt: new Date(Date.now() - 5 * MIN) });
    await new RideLifecycleRepository(rt.ctx.db).end(ended, 'operator', new Date());
    const endedRow = await rideRow(ended);
    expect(endedRow.pausedSeconds).toBeGreaterThanOrEqual(5 * 60 - 1);
    expect(endedRow.pausedSeconds).toBeLessThanOrEqual(5 * 60 + 1);
    expect(endedRow.pausedAt).toBeNull();
  });

  it('survives a restart: the job row is durable, and a new instance runs it without alerting twice', async () => {
    const [job] = await rt.ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, RIDE_OVERRUN_JOB));
    expect(job).toMatchObject({ kind: RIDE_OVERRUN_JOB });
    const rideId = await ride();

    // The process restarts: a new runner registers the job again, which keeps its row and its schedule.
    const restarted = new JobRunner(rt.ctx.db, rt.ctx.log);
    clock = START + 75 * MIN;
    await registerRideOverrunJobs(restarted, sweeper());
    const [kept] = await rt.ctx.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.key, RIDE_OVERRUN_JOB));
    expect(kept!.runAt).toEqual(job!.runAt);

    await rt.ctx.db
      .update(scheduledJobs)
      .set({ runAt: sql`now()`, lockedUntil: null })
      .where(eq(scheduledJobs.key, RIDE_OVERRUN_JOB));
    expect(await restarted.runDue()).toBe(1);
    expect((await rideRow(rideId)).overrunAlertedAt).toEqual(new Date(clock));
    const [next] = await rt.ctx.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.key, RIDE_OVERRUN_JOB));
    expect(next!.runAt.getTime()).toBeGreaterThan(Date.now() + 10_000);

    // Another instance after the restart finds the ride alerted already.
    const later = sweeper(new DomainEventBus());
    expect(await sweepAt(START + 80 * MIN, later)).toEqual([]);
  });
});

describe("the site's grace", () => {
  it('is honoured by the sweep from the next run on', async () => {
    const saved = await patchSite({ overrunGraceMinutes: 25 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SiteView>().overrunGraceMinutes).toBe(25);
    try {
      const rideId = await ride();
      expect(await sweepAt(START + 85 * MIN - 1000)).toEqual([]);
      expect((await sweepAt(START + 85 * MIN)).map((alert) => alert.rideId)).toEqual([rideId]);
    } finally {
      expect((await patchSite({ overrunGraceMinutes: 10 })).statusCode).toBe(200);
    }
  });

  it('is refused outside 0–240 whole minutes, and nothing changes', async () => {
    for (const bad of [-1, 241, 2.5, '10', null]) {
      const res = await patchSite({ overrunGraceMinutes: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await dashboard<SiteView>('/sites')).overrunGraceMinutes).toBe(10);
    for (const edge of [0, 240]) {
      const res = await patchSite({ overrunGraceMinutes: edge });
      expect(res.json<SiteView>().overrunGraceMinutes).toBe(edge);
    }
    expect((await patchSite({ overrunGraceMinutes: 10 })).statusCode).toBe(200);
  });
});

describe('the views', () => {
  it('carry the overrun marks for staff, the hole in the ride pane, and the due time for the guest', async () => {
    const rideId = await ride({ pausedSeconds: 120 });
    const { deviceId } = await rideRow(rideId);
    // Driven from the barn onto hole 7: the pane names the hole of the last position.
    await rt.ctx.db.insert(positions).values([
      { deviceId, ts: new Date(START + MIN), lat: 56.3, lng: -2.9, speed: 10 },
      { deviceId, ts: new Date(START + 2 * MIN), lat: 56.3415, lng: -2.8001, speed: 0 },
    ]);
    const detail = await dashboard<RideDetail>(`/rides/${rideId}`);
    expect(detail.hole).toBe(7);
    expect(detail.overrun).toEqual({
      rideId,
      start: iso(START),
      serviceMinutes: 60,
      pausedSeconds: 120,
      pausedAt: null,
      graceMinutes: 10,
      alertedAt: null,
    });
    const cartView = (await dashboard<CartView[]>('/devices')).find((view) => view._id === deviceId)!;
    expect(cartView.overrun).toEqual(detail.overrun);

    const guest = await rt.app.inject({ url: `/api/guest/rides/${rideId}` });
    expect(guest.json<GuestRideView>().dueAt).toBe(iso(START + 62 * MIN));

    // Ended, a ride can no longer run late.
    await new RideLifecycleRepository(rt.ctx.db).end(rideId, 'operator', new Date());
    expect((await dashboard<RideDetail>(`/rides/${rideId}`)).overrun).toBeNull();
    expect(
      (await rt.app.inject({ url: `/api/guest/rides/${rideId}` })).json<GuestRideView>().dueAt,
    ).toBeNull();
  });
});
