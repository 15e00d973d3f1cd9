import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, type DeviceRow } from '../../db/tables/devices';
import { firmwareFiles, firmwareUpdates, type FirmwareFolder } from '../../db/tables/firmware';
import { isUniqueViolation } from '../../lib/pg-errors';

export type FirmwareFileRow = typeof firmwareFiles.$inferSelect;
export type NewFirmwareFile = typeof firmwareFiles.$inferInsert;
export type FirmwareUpdateRow = typeof firmwareUpdates.$inferSelect;

/** Every write of a cart's state makes a later version (db/tables/devices.ts `stateVersion`). */
const nextStateVersion = sql`${devices.stateVersion} + 1`;

/** Firmware images (`firmware_files`), OTA orders (`firmware_updates`) and the carts' firmware columns. */
export class FirmwareRepository {
  constructor(private readonly db: Db) {}

  async listFiles(folder: FirmwareFolder | undefined): Promise<FirmwareFileRow[]> {
    return this.db
      .select()
      .from(firmwareFiles)
      .where(folder ? eq(firmwareFiles.folder, folder) : undefined)
      .orderBy(desc(firmwareFiles.createdAt), asc(firmwareFiles.name));
  }

  async findFile(id: string): Promise<FirmwareFileRow | null> {
    const [row] = await this.db.select().from(firmwareFiles).where(eq(firmwareFiles.id, id));
    return row ?? null;
  }

  /** The new row, or null when the folder already holds a file of that name (unique index). */
  async insertFile(values: NewFirmwareFile): Promise<FirmwareFileRow | null> {
    try {
      const [row] = await this.db.insert(firmwareFiles).values(values).returning();
      return row!;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async deleteFile(id: string): Promise<FirmwareFileRow | null> {
    const [row] = await this.db.delete(firmwareFiles).where(eq(firmwareFiles.id, id)).returning();
    return row ?? null;
  }

  async devicesByIds(ids: string[]): Promise<DeviceRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(devices).where(inArray(devices.id, ids));
  }

  async device(id: string): Promise<DeviceRow | null> {
    const [row] = await this.db.select().from(devices).where(eq(devices.id, id));
    return row ?? null;
  }

  /** Carts with an order still under way (pending, downloading, downloaded) issued after `since`. */
  async devicesUpdating(ids: string[], since: Date): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ deviceId: firmwareUpdates.deviceId })
      .from(firmwareUpdates)
      .where(
        and(
          inArray(firmwareUpdates.deviceId, ids),
          inArray(firmwareUpdates.status, [1, 2, 4]),
          gt(firmwareUpdates.createdAt, since),
        ),
      );
    return new Set(rows.map((row) => row.deviceId));
  }

  /**
   * The order is stored and the cart marked pending with its target in one transaction, before the command
   * leaves (so the cart's answer always finds them). Answers the cart as it now is.
   */
  async startUpdate(values: typeof firmwareUpdates.$inferInsert): Promise<DeviceRow | null> {
    return this.db.transaction(async (tx) => {
      await tx.insert(firmwareUpdates).values(values);
      const [device] = await tx
        .update(devices)
        .set({ firmwareStatus: 1, firmwareTarget: values.version, stateVersion: nextStateVersion })
        .where(eq(devices.id, values.deviceId))
        .returning();
      return device ?? null;
    });
  }

  /**
   * Moves the order `commandId` to `status` when it is in one of `from`, and the cart with it while the cart
   * still targets that order's version (a newer order to another version is not overwritten). Answers the
   * cart when it changed.
   */
  async progress(
    deviceId: string,
    commandId: string,
    from: number[],
    status: number,
    error: string | null,
  ): Promise<DeviceRow | null> {
    return this.db.transaction(async (tx) => {
      const [update] = await tx
        .update(firmwareUpdates)
        .set({ status, error, updatedAt: sql`now()` })
        .where(
          and(
            eq(firmwareUpdates.deviceId, deviceId),
            eq(firmwareUpdates.commandId, commandId),
            inArray(firmwareUpdates.status, from),
          ),
        )
        .returning();
      if (!update) return null;
      const [device] = await tx
        .update(devices)
        .set({ firmwareStatus: status, stateVersion: nextStateVersion })
        .where(
          and(
            eq(devices.id, deviceId),
            eq(devices.firmwareTarget, update.version),
            ne(devices.firmwareStatus, 0),
          ),
        )
        .returning();
      return device ?? null;
    });
  }

  /**
   * The cart reports the version it was sent: the cart returns to normal, its target is cleared, and its
   * open orders to that version are done. Answers the cart when it changed.
   */
  async complete(deviceId: string, version: string): Promise<DeviceRow | null> {
    return this.db.transaction(async (tx) => {
      const [device] = await tx
        .update(devices)
        .set({ firmwareStatus: 0, firmwareTarget: null, stateVersion: nextStateVersion })
        .where(
          and(eq(devices.id, deviceId), eq(devices.firmwareTarget, version), eq(devices.firmware, version)),
        )
        .returning();
      if (!device) return null;
      await tx
        .update(firmwareUpdates)
        .set({ status: 0, error: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(firmwareUpdates.deviceId, deviceId),
            eq(firmwareUpdates.version, version),
            inArray(firmwareUpdates.status, [1, 2, 4]),
          ),
        );
      return device;
    });
  }

  async history(deviceId: string, limit: number): Promise<FirmwareUpdateRow[]> {
    return this.db
      .select()
      .from(firmwareUpdates)
      .where(eq(firmwareUpdates.deviceId, deviceId))
      .orderBy(desc(firmwareUpdates.createdAt))
      .limit(limit);
  }
}
