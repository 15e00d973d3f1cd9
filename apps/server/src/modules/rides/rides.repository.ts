import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codes } from '../../db/tables/codes';
import type { DeviceRow } from '../../db/tables/devices';
import { devices } from '../../db/tables/devices';
import { members } from '../../db/tables/members';
import { sites } from '../../db/tables/sites';
import { rides } from '../../db/tables/rides';

export type RideRow = typeof rides.$inferSelect;
export type CodeRideType = 'keypad' | 'rfid';

/** Ride types a cart starts by itself from a code entered at it; they end when it locks at the keypad. */
export const CODE_RIDE_TYPES: readonly CodeRideType[] = ['keypad', 'rfid'];

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
  | 'siteId'
  | 'deviceId'
  | 'carNumber'
  | 'type'
  | 'memberId'
  | 'codeId'
  | 'meta'
  | 'start'
  | 'startOdometer'
  | 'unlockCode'
> & { sourceEventId: string };

export interface StartedRide {
  ride: RideRow;
  /** the member's credits after the ride (-1 unlimited); null for a ride without a member */
  creditsLeft: number | null;
  device: DeviceRow;
}

/**
 * Keypad and RFID rides: started from the cart's own unlock event. Everything after the start (pause,
 * resume, the end when the cart locks at its keypad) is the ride lifecycle's (ride-lifecycle.repository).
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
}
