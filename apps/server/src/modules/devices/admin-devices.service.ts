import {
  type AdminBulkResult,
  type AdminDeviceFilter,
  type AdminDevicePage,
  type AdminDeviceQuery,
  type AdminDeviceView,
  type AdminSkippedDevice,
  type HardwareInfo,
  type ReplaceDeviceBody,
  type VehicleInfo,
} from '@fairway/domain';
import type { Logger } from 'pino';
import type { DeviceConfigPublisher, DeviceProvisioner } from '../../context';
import type { DeviceRow } from '../../db/tables/devices';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { SitesRepository } from '../sites/sites.repository';
import { devicesCsv } from './admin-devices.csv';
import { toAdminDeviceView } from './admin-devices.presenter';
import type { AdminDevicesRepository } from './admin-devices.repository';
import type { DeviceChanges, DevicesRepository } from './devices.repository';

const carLabel = (row: Pick<DeviceRow, 'carNumber' | 'serial'>) =>
  row.carNumber ? `Car ${row.carNumber}` : `Tracker ${row.serial}`;

const SKIP_MESSAGES: Record<AdminSkippedDevice['reason'], (row: DeviceRow | null) => string> = {
  notFound: () => 'Device not found',
  openRide: (row) => `${carLabel(row!)} is in a ride`,
  futureBookings: (row) => `${carLabel(row!)} has bookings to come`,
  carNumberTaken: (row) => `Car number ${row!.carNumber} already exists at the new site`,
};

/**
 * The Device Manager (issue 20, spec §2 Admin area, superadmin): the paged list, find and CSV export, and
 * the bulk actions. A bulk action takes every tracker it may and names the others with the reason; what
 * changes a cart's settings is published to it in its config at once.
 */
export class AdminDevicesService {
  constructor(
    private readonly admin: AdminDevicesRepository,
    private readonly devices: DevicesRepository,
    private readonly sites: SitesRepository,
    private readonly configs: DeviceConfigPublisher,
    private readonly provisioner: DeviceProvisioner,
    private readonly bus: DomainEventBus,
    private readonly log: Logger,
  ) {}

  async list(query: AdminDeviceQuery): Promise<AdminDevicePage> {
    const size = query.pageSize === 'all' ? null : Number(query.pageSize);
    const sites = await this.admin.sitesOf(query);
    const totalItems = sites.reduce((sum, site) => sum + site.count, 0);
    const totalPages = size === null ? (totalItems > 0 ? 1 : 0) : Math.ceil(totalItems / size);
    const page = size === null ? 1 : query.page;
    const rows = await this.admin.page(query, size, size === null ? 0 : (page - 1) * size);
    const now = Date.now();
    return {
      data: rows.map((row) => toAdminDeviceView(row, now)),
      pagination: {
        currentPage: page,
        totalPages,
        totalItems,
        itemsPerPage: size ?? totalItems,
        nextPage: page < totalPages ? page + 1 : null,
        prevPage: page > 1 ? Math.min(page - 1, Math.max(totalPages, 1)) : null,
      },
      sites,
    };
  }

  /** Spec §5 Find Device: the serial with dashes, spaces, underscores and case ignored. */
  async find(serial: string): Promise<AdminDeviceView[]> {
    const rows = await this.admin.findBySerial(serial);
    if (rows.length === 0) throw notFound('No devices found');
    return rows.map((row) => toAdminDeviceView(row));
  }

  async csv(filter: AdminDeviceFilter): Promise<{ filename: string; body: string }> {
    const rows = await this.admin.page(filter, null, 0);
    const day = new Date().toISOString().slice(0, 10);
    return { filename: `devices-${day}.csv`, body: devicesCsv(rows.map((row) => toAdminDeviceView(row))) };
  }

  setVehicleInfo(ids: string[], vehicleInfo: VehicleInfo): Promise<AdminBulkResult> {
    return this.change(ids, { vehicleInfo });
  }

  setHardwareInfo(ids: string[], hardwareInfo: HardwareInfo): Promise<AdminBulkResult> {
    return this.change(ids, { hardwareInfo });
  }

  /** Transfer Server: the tracker reads the server it reports to from its device settings. */
  setServer(ids: string[], server: 'prod' | 'beta'): Promise<AdminBulkResult> {
    return this.change(ids, { server }, true);
  }

  /** Spec §5 battery calibration (3–77.99, two decimals; 75 resets it), sent in the device settings. */
  calibrateBattery(ids: string[], value: number): Promise<AdminBulkResult> {
    return this.change(ids, { batteryCalibration: value }, true);
  }

  /** Publish Site Settings / Publish Device Settings: the cart's whole config again, marked pending. */
  async publish(ids: string[], what: 'site' | 'device'): Promise<AdminBulkResult> {
    const { found, skipped } = await this.lookUp(ids);
    await this.configs.publishDevices(
      found.map((row) => row.id),
      [what === 'site' ? 'ss' : 'ds'],
    );
    return result(found, skipped);
  }

  /**
   * Move Site: a cart in a ride or with bookings to come stays where it is (its ride and bookings belong to
   * its site), as does one whose number the new site already has. The rest take the new site's settings.
   */
  async moveToSite(ids: string[], siteId: string): Promise<AdminBulkResult> {
    if (!(await this.sites.find(siteId))) throw badRequest('siteId: site not found');
    const { found, skipped } = await this.lookUp(ids);
    const leaving = found.filter((row) => row.siteId !== siteId);
    const movable = await this.withoutBusy(leaving, skipped);
    const numbers = new Set(
      (await this.devices.listBySite(siteId)).map((row) => row.carNumber).filter((n) => n !== null),
    );
    const moving: DeviceRow[] = [];
    const seen = new Set<string>();
    for (const row of movable) {
      if (row.carNumber !== null && (numbers.has(row.carNumber) || seen.has(row.carNumber))) {
        skipped.push(skip(row, 'carNumberTaken'));
        continue;
      }
      if (row.carNumber !== null) seen.add(row.carNumber);
      moving.push(row);
    }
    const done = moving.length > 0 ? await this.apply(moving, { siteId }) : [];
    await this.configs.publishDevices(
      done.map((row) => row.id),
      ['ss', 'code'],
    );
    const unchanged = found.filter((row) => row.siteId === siteId);
    return result([...done, ...unchanged], skipped);
  }

  /**
   * Delete Cars: a cart in a ride or with bookings to come is kept. A deleted tracker loses its broker access
   * at once: its credentials go, and a connected one is disconnected and cannot connect again.
   */
  async remove(ids: string[]): Promise<AdminBulkResult> {
    const { found, skipped } = await this.lookUp(ids);
    const { deleted, riding, booked } = await this.admin.deleteFree(found.map((row) => row.id));
    for (const row of found) {
      if (riding.has(row.id)) skipped.push(skip(row, 'openRide'));
      else if (booked.has(row.id)) skipped.push(skip(row, 'futureBookings'));
    }
    for (const row of deleted) {
      try {
        await this.provisioner.remove(row.id);
      } catch (error) {
        // The row is gone, so the gateway ignores the tracker whatever the broker still lets in.
        this.log.error({ err: error, deviceId: row.id }, 'deleted tracker not removed from the broker');
      }
    }
    return result(deleted, skipped);
  }

  /**
   * Replace Device: the new tracker takes over the car (fields, settings, site and history) and the old one
   * goes to staging without them; both get their new config.
   */
  async replace(body: ReplaceDeviceBody): Promise<{ device: AdminDeviceView; old: AdminDeviceView }> {
    const { oldDeviceId, newDeviceId, siteId } = body;
    if (!(await this.sites.find(siteId))) throw badRequest('siteId: site not found');
    const staging = await this.sites.staging();
    let replaced;
    try {
      replaced = await this.admin.replace(oldDeviceId, newDeviceId, staging.id, async (old, next, tx) => {
        if (!old) throw notFound('Old device not found');
        if (!next) throw notFound('New device not found');
        if (old.siteId !== siteId) throw badRequest('The old device is not at the chosen site');
        if (next.carNumber !== null)
          throw conflict(`The new device is already car ${next.carNumber}; choose a free tracker`);
        const busy = [
          ...(await this.admin.inRide([old.id, next.id], tx)),
          ...(await this.admin.withLiveBookings([next.id], tx)),
        ];
        if (busy.includes(old.id)) throw conflict(`${carLabel(old)} is in a ride; end it first`);
        if (busy.includes(next.id)) throw conflict('The new device is in a ride or has bookings');
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Car number already exists.');
      throw error;
    }
    for (const row of [replaced.old, replaced.device]) this.bus.emit('device.updated', row);
    await this.configs.publishDevices([replaced.device.id, replaced.old.id], ['ss', 'ds', 'code']);
    const views = await this.admin.withSites([replaced.device.id, replaced.old.id]);
    const view = (id: string) => toAdminDeviceView(views.find((row) => row.device.id === id)!);
    return { device: view(replaced.device.id), old: view(replaced.old.id) };
  }

  private async change(ids: string[], changes: DeviceChanges, publish = false): Promise<AdminBulkResult> {
    const { found, skipped } = await this.lookUp(ids);
    const rows = await this.apply(found, changes);
    if (publish)
      await this.configs.publishDevices(
        rows.map((row) => row.id),
        ['ds'],
      );
    return result(rows, skipped);
  }

  private async apply(rows: DeviceRow[], changes: DeviceChanges): Promise<DeviceRow[]> {
    if (rows.length === 0) return [];
    const updated = await this.devices.update(
      rows.map((row) => row.id),
      changes,
    );
    for (const row of updated) this.bus.emit('device.updated', row);
    return updated;
  }

  private async lookUp(ids: string[]): Promise<{ found: DeviceRow[]; skipped: AdminSkippedDevice[] }> {
    const unique = [...new Set(ids)];
    const order = new Map(unique.map((id, i) => [id, i]));
    // In the order asked, so the answer lists skipped trackers as the console listed them.
    const found = (await this.devices.findMany(unique)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    const known = new Set(found.map((row) => row.id));
    const skipped = unique
      .filter((id) => !known.has(id))
      .map((id) => skip({ id, carNumber: null }, 'notFound'));
    return { found, skipped };
  }

  /** The rows in no open ride and without bookings to come; the others are added to `skipped`. */
  private async withoutBusy(rows: DeviceRow[], skipped: AdminSkippedDevice[]): Promise<DeviceRow[]> {
    const ids = rows.map((row) => row.id);
    const [riding, booked] = await Promise.all([this.admin.inRide(ids), this.admin.withLiveBookings(ids)]);
    return rows.filter((row) => {
      if (riding.has(row.id)) skipped.push(skip(row, 'openRide'));
      else if (booked.has(row.id)) skipped.push(skip(row, 'futureBookings'));
      else return true;
      return false;
    });
  }
}

function skip(
  row: Pick<DeviceRow, 'id' | 'carNumber'> & Partial<DeviceRow>,
  reason: AdminSkippedDevice['reason'],
): AdminSkippedDevice {
  return {
    id: row.id,
    carNumber: row.carNumber,
    reason,
    message: SKIP_MESSAGES[reason](reason === 'notFound' ? null : (row as DeviceRow)),
  };
}

function result(done: DeviceRow[], skipped: AdminSkippedDevice[]): AdminBulkResult {
  return { done: done.length, ids: done.map((row) => row.id), skipped };
}
