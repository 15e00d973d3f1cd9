import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/tables/devices';
import type { DeviceRow } from '../../db/tables/devices';

export type DeviceChanges = Partial<
  Pick<
    DeviceRow,
    | 'siteId'
    | 'carNumber'
    | 'carName'
    | 'carNote'
    | 'carIcon'
    | 'inService'
    | 'lockCode'
    | 'key'
    | 'carSerialNumber'
    | 'vehicleInfo'
    | 'hardwareInfo'
    | 'bookableOnline'
    | 'server'
    | 'trackerMode'
    | 'odometerOffset'
    | 'batteryCalibration'
  >
>;

/** Car numbers sort as numbers ('2' before '10'); carts without one come last. */
const byCarNumber = [
  sql`nullif(regexp_replace(${devices.carNumber}, '\\D', '', 'g'), '')::int nulls last`,
  asc(devices.serial),
];

export class DevicesRepository {
  constructor(private readonly db: Db) {}

  listBySite(siteId: string): Promise<DeviceRow[]> {
    return this.db
      .select()
      .from(devices)
      .where(eq(devices.siteId, siteId))
      .orderBy(...byCarNumber);
  }

  async find(id: string): Promise<DeviceRow | null> {
    const [row] = await this.db.select().from(devices).where(eq(devices.id, id));
    return row ?? null;
  }

  async findMany(ids: string[]): Promise<DeviceRow[]> {
    return this.db.select().from(devices).where(inArray(devices.id, ids));
  }

  async insert(values: typeof devices.$inferInsert): Promise<DeviceRow> {
    const [row] = await this.db.insert(devices).values(values).returning();
    return row!;
  }

  update(ids: string[], changes: DeviceChanges): Promise<DeviceRow[]> {
    return this.db
      .update(devices)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(inArray(devices.id, ids))
      .returning();
  }

  async setSecretHash(id: string, secretHash: string): Promise<void> {
    await this.db
      .update(devices)
      .set({ secretHash, updatedAt: sql`now()` })
      .where(eq(devices.id, id));
  }
}
