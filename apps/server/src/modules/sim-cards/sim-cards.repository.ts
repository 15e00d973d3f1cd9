import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { devices, type DeviceRow } from '../../db/tables/devices';
import { scheduledJobs } from '../../db/tables/jobs';
import { sites } from '../../db/tables/sites';

/** What the SIM cards need of a tracker. */
export interface SimTracker {
  id: string;
  siteId: string;
  siteName: string;
  serial: string;
  carNumber: string | null;
  gprsCcid: string | null;
  gprsCarrier: string | null;
  simEndpointId: string | null;
}

/** The durable guard of a running SIM reset, which also puts the SIM back if the server stops mid-way. */
export const SIM_RESTORE_JOB = 'sim-restore';
export interface SimRestorePayload {
  deviceId: string;
  endpointId: string;
  simId: string | null;
}
const restoreKey = (deviceId: string) => `${SIM_RESTORE_JOB}:${deviceId}`;

/** Trackers' SIM endpoint ids (devices.sim_endpoint_id) and the reset guard (a scheduled_jobs row). */
export class SimCardsRepository {
  constructor(private readonly db: DbExecutor) {}

  async tracker(deviceId: string): Promise<SimTracker | null> {
    const [row] = await this.db
      .select({
        id: devices.id,
        siteId: devices.siteId,
        siteName: sites.name,
        serial: devices.serial,
        carNumber: devices.carNumber,
        gprsCcid: devices.gprsCcid,
        gprsCarrier: devices.gprsCarrier,
        simEndpointId: devices.simEndpointId,
      })
      .from(devices)
      .innerJoin(sites, eq(sites.id, devices.siteId))
      .where(eq(devices.id, deviceId));
    return row ?? null;
  }

  /**
   * Sets the tracker's endpoint id when it still holds `expected` (null: none), so two registrations at once
   * cannot both store theirs; answers the stored row (a new state version, pushed to browsers) or null.
   */
  async setEndpoint(
    deviceId: string,
    endpointId: string | null,
    expected: string | null,
  ): Promise<DeviceRow | null> {
    const [row] = await this.db
      .update(devices)
      .set({ simEndpointId: endpointId, stateVersion: sql`${devices.stateVersion} + 1` })
      .where(
        and(
          eq(devices.id, deviceId),
          expected === null ? sql`${devices.simEndpointId} IS NULL` : eq(devices.simEndpointId, expected),
        ),
      )
      .returning();
    return row ?? null;
  }

  /**
   * Claims the tracker's reset: false when one is under way (here or on another instance). The claim is a
   * durable job due at `restoreAt`: if the server stops mid-sequence, the job runner enables the endpoint
   * and activates the SIM then; a reset that ends releases it.
   */
  async claimReset(payload: SimRestorePayload, restoreAt: Date): Promise<boolean> {
    const rows = await this.db
      .insert(scheduledJobs)
      .values({
        key: restoreKey(payload.deviceId),
        kind: SIM_RESTORE_JOB,
        runAt: restoreAt,
        payload: { ...payload },
      })
      .onConflictDoNothing()
      .returning({ key: scheduledJobs.key });
    return rows.length === 1;
  }

  async releaseReset(deviceId: string): Promise<void> {
    await this.db.delete(scheduledJobs).where(eq(scheduledJobs.key, restoreKey(deviceId)));
  }
}
