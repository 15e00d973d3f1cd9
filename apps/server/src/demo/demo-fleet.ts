import { eq } from 'drizzle-orm';
import {
  DEMO_COURSE,
  SECOND_COURSE,
  startFleet,
  type Course,
  type Fleet,
  type FleetCart,
} from '@fairway/simulator';
import type { AppContext } from '../context';
import { devices } from '../db/tables/devices';
import { DEMO_SERIAL_PREFIX, SECOND_SERIAL_PREFIX } from './demo-seed';

export interface DemoFleet {
  fleets: Fleet[];
  stop(): Promise<void>;
}

/**
 * A demo is watched, not played: most carts are out (DEMO_ACTIVITY, 0.6 by default), and stops at tees and
 * greens are short, so a visitor sees carts rolling within seconds. Driving speeds and paths stay true to life.
 */
const DEMO_STOP_SCALE = 0.15;

const courseFor = (serial: string): Course | null =>
  serial.startsWith(DEMO_SERIAL_PREFIX)
    ? DEMO_COURSE
    : serial.startsWith(SECOND_SERIAL_PREFIX)
      ? SECOND_COURSE
      : null;

/**
 * Drives the simulated carts of the demo in-process. Each cart still connects to the broker with its own
 * credentials like a real tracker; the secrets are issued afresh at each start so none is ever stored.
 */
export async function startDemoFleet(ctx: AppContext, mqttUrl: string): Promise<DemoFleet> {
  const service = ctx.devices;
  const rows = await ctx.db
    .select({
      id: devices.id,
      serial: devices.serial,
      carNumber: devices.carNumber,
      firmware: devices.firmware,
    })
    .from(devices)
    .where(eq(devices.simulated, true));
  const byCourse = new Map<Course, FleetCart[]>();
  for (const row of rows) {
    const course = courseFor(row.serial);
    if (!course) continue;
    const secret = await service.rotateSecret(row.id);
    const carts = byCourse.get(course) ?? [];
    // A cart updated over the air runs its new version again after a restart, as a flashed tracker does.
    carts.push({
      deviceId: row.id,
      secret,
      carNumber: row.carNumber ?? row.serial,
      ...(row.firmware ? { firmware: row.firmware } : {}),
    });
    byCourse.set(course, carts);
  }
  const fleets: Fleet[] = [];
  for (const [course, carts] of byCourse) {
    fleets.push(
      await startFleet({
        url: mqttUrl,
        carts,
        course,
        activity: ctx.config.DEMO_ACTIVITY,
        stopScale: DEMO_STOP_SCALE,
        logger: ctx.log.child({ part: 'simulator' }),
      }),
    );
  }
  ctx.log.info({ carts: rows.length }, 'demo fleet simulator started');
  return { fleets, stop: async () => void (await Promise.all(fleets.map((fleet) => fleet.stop()))) };
}
