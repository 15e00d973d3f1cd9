import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codes } from '../codes/codes.table';
import type { DeviceRow } from '../devices/devices.presenter';
import { devices } from '../devices/devices.table';
import { members } from '../members/members.table';
import { sites } from '../sites/sites.table';
import { rides } from './rides.table';

export type RideRow = typeof rides.$inferSelect;
export type CodeRideType = 'keypad' | 'rfid';

/** Ride types a cart starts by itself from a code entered at it. */
export const CODE_RIDE_TYPES: readonly CodeRideType[] = ['keypad', 'rfid'];
/** Rides that end when the cart reports locked: code rides, and paid rides once the cart confirmed them. */
const RIDE_TYPES_ENDED_BY_LOCK: readonly RideRow['type'][] = [...CODE_RIDE_TYPES, 'payment'];

/** Spec §9: a ride longer than 10 hours was not a real ride; its duration is stored as 0. */
export const MAX_RIDE_SECONDS = 36_000;

/** The cart a code was entered at, with what a ride needs from it and its site. */
export interface CodeCart {
  deviceId: string;
  siteId: string;
  carNumber: string | null;
  serial: string;
  /** km including the cart's offset; null before its first report */
  odometer: number | null;
  masterUnlock: string | null;
}

/** A member code of the site, with its member. */
export interface KnownCode {
  codeId: string;
  memberId: string;
  name: string;
  email: string;
  credits: number;
  enabled: boolean;
  expires: Date | null;
  allDevices: boolean;
  devices: string[];
}

export type NewCodeRide = Pick<
  typeof rides.$inferInsert,
  'siteId' | 'deviceId' | 'carNumber' | 'type' | 'memberId' | 'codeId' | 'meta' | 'start' | 'startOdometer'
> & { sourceEventId: string };

export interface StartedRide {
  ride: RideRow;
  /** the member's credits after the ride (-1 unlimited); null for a ride without a member */
  creditsLeft: number | null;
  device: DeviceRow;
}

export interface EndedRide {
  ride: RideRow;
  device: DeviceRow;
}

/**
 * Keypad and RFID rides: started from the cart's own unlock event and ended when it reports locked. The
 * general ride lifecycle (rides started by the server, pause and resume, ending from the dashboard, trails)
 * is issue #6; it grows this repository rather than starting another.
 */
export class RidesRepository {
  constructor(private readonly db: Db) {}

  async codeCart(deviceId: string): Promise<CodeCart | null> {
    const [row] = await this.db
      .select({
        deviceId: devices.id,
        siteId: devices.siteId,
        carNumber: devices.carNumber,
        serial: devices.serial,
        odometer: sql<number | null>`${devices.odometer} + ${devices.odometerOffset}`,
        masterUnlock: sites.masterUnlock,
      })
      .from(devices)
      .innerJoin(sites, eq(sites.id, devices.siteId))
      .where(eq(devices.id, deviceId));
    return row ?? null;
  }

  async knownCode(siteId: string, code: string, type: CodeRideType): Promise<KnownCode | null> {
    const [row] = await this.db
      .select({
        codeId: codes.id,
        memberId: members.id,
        name: members.name,
        email: members.email,
        credits: members.credits,
        enabled: codes.enabled,
        expires: codes.expires,
        allDevices: codes.allDevices,
        devices: codes.devices,
      })
      .from(codes)
      .innerJoin(members, eq(members.id, codes.memberId))
      .where(and(eq(codes.siteId, siteId), eq(codes.code, code), eq(codes.type, type)));
    return row ?? null;
  }

  /**
   * In one transaction: the ride, one credit off its member unless unlimited (-1) or none left (0 must never
   * become -1, which would mean unlimited), and the cart in use. Nothing happens, and null comes back, when
   * the event was handled before (`sourceEventId`) or the cart already has an open ride (the player carries
   * on): both are unique indexes, so concurrent deliveries cannot slip past.
   */
  startCodeRide(values: NewCodeRide): Promise<StartedRide | null> {
    return this.db.transaction(async (tx) => {
      const [ride] = await tx
        .insert(rides)
        .values({ ...values, status: 'active', confirmed: true })
        .onConflictDoNothing()
        .returning();
      if (!ride) return null;
      let creditsLeft: number | null = null;
      if (values.memberId) {
        const [deducted] = await tx
          .update(members)
          .set({ credits: sql`${members.credits} - 1`, updatedAt: sql`now()` })
          .where(and(eq(members.id, values.memberId), gt(members.credits, 0)))
          .returning({ credits: members.credits });
        if (deducted) {
          ride.creditsDeducted = 1;
          await tx.update(rides).set({ creditsDeducted: 1 }).where(eq(rides.id, ride.id));
          creditsLeft = deducted.credits;
        } else {
          const [member] = await tx
            .select({ credits: members.credits })
            .from(members)
            .where(eq(members.id, values.memberId));
          creditsLeft = member?.credits ?? null;
        }
      }
      const [device] = await tx
        .update(devices)
        .set({ inUse: true, updatedAt: sql`now()` })
        .where(eq(devices.id, values.deviceId))
        .returning();
      return { ride, creditsLeft, device: device! };
    });
  }

  /**
   * Ends the cart's open keypad/RFID ride if the cart's stored state says locked by a report received after
   * the ride was created (a report from before the unlock, written late by the batching writer, must not end
   * it; both instants come from the server's clocks, never the cart's): end now, duration in seconds (over 10 h: 0), odometer difference to 1 decimal; the cart is no
   * longer in use.
   */
  endCodeRideOnLock(deviceId: string): Promise<EndedRide | null> {
    const seconds = sql`greatest(0, round(extract(epoch from now() - ${rides.start})))::int`;
    const odometer = sql`(${devices.odometer} + ${devices.odometerOffset})`;
    return this.db.transaction(async (tx) => {
      const [ride] = await tx
        .update(rides)
        .set({
          status: 'ended',
          end: sql`now()`,
          duration: sql`case when ${seconds} > ${MAX_RIDE_SECONDS} then 0 else ${seconds} end`,
          endOdometer: odometer,
          distance: sql`round((${odometer} - ${rides.startOdometer})::numeric, 1)::float8`,
          updatedAt: sql`now()`,
        })
        .from(devices)
        .where(
          and(
            eq(devices.id, deviceId),
            eq(rides.deviceId, devices.id),
            ne(rides.status, 'ended'),
            inArray(rides.type, [...RIDE_TYPES_ENDED_BY_LOCK]),
            eq(rides.confirmed, true),
            eq(devices.lockStatus, 1),
            gt(devices.lastReportAt, rides.createdAt),
          ),
        )
        .returning();
      if (!ride) return null;
      const [device] = await tx
        .update(devices)
        .set({ inUse: false, updatedAt: sql`now()` })
        .where(eq(devices.id, deviceId))
        .returning();
      return { ride: ride as RideRow, device: device! };
    });
  }
}
