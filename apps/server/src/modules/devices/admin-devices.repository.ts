import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { LIMITS, normalizeSerial, type AdminDeviceFilter } from '@fairway/domain';
import type { Db, DbExecutor } from '../../db/client';
import { activity } from '../../db/tables/activity';
import { bookings } from '../../db/tables/bookings';
import { deviceCommands } from '../../db/tables/commands';
import { devices, positions, type DeviceRow } from '../../db/tables/devices';
import { trailDaily, trailWeekly } from '../../db/tables/history';
import { payments } from '../../db/tables/payments';
import { rides } from '../../db/tables/rides';
import { sites } from '../../db/tables/sites';

/** A tracker with the name of its site, as the Device Manager lists it. */
export interface AdminDeviceRow {
  device: DeviceRow;
  siteName: string;
}

/** Bookings that still hold a cart: not cancelled, no-show or failed, and not over yet. */
const LIVE_BOOKING_STATUSES = ['confirmed', 'payment_pending'];

/** Folds a stored serial like `normalizeSerial` (stored serials hold no whitespace: registerDeviceBody). */
const foldedSerial = sql`lower(translate(${devices.serial}, '-_', ''))`;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** Online as the cart view says it: the broker says connected and a report arrived recently. */
const onlineNow = sql`(${devices.online} and ${devices.lastReportAt} > now() - make_interval(secs => ${LIMITS.offlineAfterSeconds}))`;
const carNumberValue = sql`nullif(regexp_replace(${devices.carNumber}, '\\D', '', 'g'), '')::int`;

const SORT_KEYS: Record<AdminDeviceFilter['sort'], SQL> = {
  serial: sql`${devices.serial}`,
  carNumber: carNumberValue,
  carName: sql`nullif(lower(${devices.carName}), '')`,
  status: onlineNow,
  uptime: sql`${devices.uptime}`,
  ccid: sql`${devices.gprsCcid}`,
  carrier: sql`lower(${devices.gprsCarrier})`,
  site: sql`lower(${sites.name})`,
  firmware: sql`${devices.firmware}`,
  lastSeen: sql`${devices.lastReportAt}`,
};

/**
 * The Device Manager's reads (paged, sorted and searched in SQL) and its writes that span several tables:
 * deleting trackers and handing a car's history to a replacement tracker, each in one transaction.
 * Without an index on the search columns: 5,000 trackers scan in a few milliseconds (admin-devices.test.ts
 * times none; see the report of issue 20).
 */
export class AdminDevicesRepository {
  constructor(private readonly db: Db) {}

  private where(filter: Pick<AdminDeviceFilter, 'q' | 'siteId'>): SQL | undefined {
    const conditions: SQL[] = [];
    if (filter.siteId) conditions.push(eq(devices.siteId, filter.siteId));
    const q = filter.q?.trim();
    if (q) {
      const text = likePattern(q);
      const serial = normalizeSerial(q);
      conditions.push(
        sql`(${serial ? sql`${foldedSerial} like ${likePattern(serial)}` : sql`false`}
          or ${devices.carNumber} ilike ${text} or ${devices.carName} ilike ${text}
          or ${devices.gprsCcid} ilike ${text} or ${sites.name} ilike ${text})`,
      );
    }
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  /** One page of the matching trackers; `limit` null is every one. Ties are broken by id, so pages are stable. */
  async page(filter: AdminDeviceFilter, limit: number | null, offset: number): Promise<AdminDeviceRow[]> {
    const key = SORT_KEYS[filter.sort];
    const order = filter.dir === 'desc' ? sql`${key} desc nulls last` : sql`${key} asc nulls last`;
    const query = this.db
      .select({ device: devices, siteName: sites.name })
      .from(devices)
      .innerJoin(sites, eq(sites.id, devices.siteId))
      .where(this.where(filter))
      .orderBy(order, asc(devices.serial), asc(devices.id))
      .offset(offset);
    return limit === null ? query : query.limit(limit);
  }

  /** Every site with matching trackers and how many: the page's total is their sum. */
  sitesOf(filter: AdminDeviceFilter): Promise<Array<{ _id: string; name: string; count: number }>> {
    return this.db
      .select({ _id: sites.id, name: sites.name, count: sql<number>`count(*)::int` })
      .from(devices)
      .innerJoin(sites, eq(sites.id, devices.siteId))
      .where(this.where(filter))
      .groupBy(sites.id, sites.name)
      .orderBy(asc(sites.name), asc(sites.id));
  }

  /** Trackers whose serial equals `serial` once both are folded (spec §5 Find Device). */
  findBySerial(serial: string): Promise<AdminDeviceRow[]> {
    return this.db
      .select({ device: devices, siteName: sites.name })
      .from(devices)
      .innerJoin(sites, eq(sites.id, devices.siteId))
      .where(sql`${foldedSerial} = ${normalizeSerial(serial)}`)
      .orderBy(asc(devices.serial));
  }

  async withSites(ids: string[]): Promise<AdminDeviceRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ device: devices, siteName: sites.name })
      .from(devices)
      .innerJoin(sites, eq(sites.id, devices.siteId))
      .where(inArray(devices.id, ids));
  }

  /** Of `ids`, the trackers in a ride that has not ended. */
  async inRide(ids: string[], db: DbExecutor = this.db): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ id: rides.deviceId })
      .from(rides)
      .where(and(inArray(rides.deviceId, ids), notInArray(rides.status, ['ended'])));
    return new Set(rows.map((row) => row.id));
  }

  /** Of `ids`, the trackers with a booking or maintenance block that is not over yet. */
  async withLiveBookings(ids: string[], db: DbExecutor = this.db): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ id: bookings.deviceId })
      .from(bookings)
      .where(
        and(
          inArray(bookings.deviceId, ids),
          inArray(bookings.status, LIVE_BOOKING_STATUSES as never[]),
          sql`${bookings.end} > now()`,
        ),
      );
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Deletes the trackers of `ids` that are in no open ride and have no live booking, checked under the rows'
   * locks so a ride that opens meanwhile keeps its cart. Their positions (deleted here) and their trails,
   * rides, bookings, commands, configs, logs, firmware updates and activity go with them (foreign keys
   * cascade); payments stay, without the cart. Answers the rows deleted and which of `ids` were kept for a ride or bookings.
   */
  deleteFree(ids: string[]): Promise<{ deleted: DeviceRow[]; riding: Set<string>; booked: Set<string> }> {
    return this.db.transaction(async (tx) => {
      // Row locks in id order, as the telemetry writer takes them, so the two queue rather than deadlock.
      await tx.execute(
        sql`select 1 from ${devices} where ${inArray(devices.id, ids)} order by ${devices.id} for update`,
      );
      const riding = await this.inRide(ids, tx);
      const booked = await this.withLiveBookings(ids, tx);
      const free = ids.filter((id) => !riding.has(id) && !booked.has(id));
      if (free.length === 0) return { deleted: [], riding, booked };
      // Positions have no foreign key (its check per inserted row was most of the telemetry writer's cost).
      await tx.delete(positions).where(inArray(positions.deviceId, free));
      const deleted = await tx.delete(devices).where(inArray(devices.id, free)).returning();
      return { deleted, riding, booked };
    });
  }

  /**
   * The new tracker becomes the car (its fields, settings and site) and the car's history moves to it; the
   * old tracker goes to staging without car fields. One transaction. `check` runs under both rows' locks and
   * throws to refuse. The tracker's own diagnostics (device and system logs, firmware updates, its config)
   * stay with the tracker.
   */
  replace(
    oldId: string,
    newId: string,
    stagingId: string,
    check: (old: DeviceRow | undefined, next: DeviceRow | undefined, tx: DbExecutor) => Promise<void>,
  ): Promise<{ old: DeviceRow; device: DeviceRow }> {
    return this.db.transaction(async (tx) => {
      const locked = await tx
        .select()
        .from(devices)
        .where(inArray(devices.id, [oldId, newId]))
        .orderBy(asc(devices.id))
        .for('update');
      const found = (id: string) => locked.find((row) => row.id === id);
      await check(found(oldId), found(newId), tx);
      const old = found(oldId)!;
      const next = found(newId)!;

      const [clearedOld] = await tx
        .update(devices)
        .set({
          siteId: stagingId,
          carNumber: null,
          carName: '',
          carIcon: null,
          carNote: '',
          lockCode: null,
          vehicleInfo: null,
          carSerialNumber: '',
          bookableOnline: true,
          inService: true,
          updatedAt: sql`now()`,
        })
        .where(eq(devices.id, oldId))
        .returning();
      const [device] = await tx
        .update(devices)
        .set({
          siteId: old.siteId,
          carNumber: old.carNumber,
          carName: old.carName,
          carIcon: old.carIcon,
          carNote: old.carNote,
          lockCode: old.lockCode,
          vehicleInfo: old.vehicleInfo,
          hardwareInfo: old.hardwareInfo,
          carSerialNumber: old.carSerialNumber,
          key: old.key,
          inService: old.inService,
          bookableOnline: old.bookableOnline,
          trackerMode: old.trackerMode,
          server: old.server,
          batteryCalibration: old.batteryCalibration,
          // The car's odometer reads on where the old tracker left it.
          odometerOffset: (old.odometer ?? 0) + old.odometerOffset - (next.odometer ?? 0),
          updatedAt: sql`now()`,
        })
        .where(eq(devices.id, newId))
        .returning();

      const move = { deviceId: newId };
      await tx.update(rides).set(move).where(eq(rides.deviceId, oldId));
      await tx.update(bookings).set(move).where(eq(bookings.deviceId, oldId));
      await tx.update(payments).set(move).where(eq(payments.deviceId, oldId));
      await tx.update(positions).set(move).where(eq(positions.deviceId, oldId));
      await tx.update(activity).set(move).where(eq(activity.deviceId, oldId));
      await tx.update(deviceCommands).set(move).where(eq(deviceCommands.deviceId, oldId));
      // A day (week) the new tracker already has a trail of keeps the car's: the rollups are keyed by both.
      const oldDays = tx
        .select({ day: trailDaily.day })
        .from(trailDaily)
        .where(eq(trailDaily.deviceId, oldId));
      await tx
        .delete(trailDaily)
        .where(and(eq(trailDaily.deviceId, newId), inArray(trailDaily.day, oldDays)));
      await tx.update(trailDaily).set(move).where(eq(trailDaily.deviceId, oldId));
      const oldWeeks = tx
        .select({ week: trailWeekly.week })
        .from(trailWeekly)
        .where(eq(trailWeekly.deviceId, oldId));
      await tx
        .delete(trailWeekly)
        .where(and(eq(trailWeekly.deviceId, newId), inArray(trailWeekly.week, oldWeeks)));
      await tx.update(trailWeekly).set(move).where(eq(trailWeekly.deviceId, oldId));
      return { old: clearedOld!, device: device! };
    });
  }
}
