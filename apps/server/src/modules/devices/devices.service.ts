import type { z } from 'zod';
import type { CartView, adminDevicePatch } from '@fairway/domain';
import type { DeviceProvisioner } from '../../context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import { isUniqueViolation } from '../../lib/pg-errors';
import { hashToken, randomToken } from '../../lib/tokens';
import type { SitesRepository } from '../sites/sites.repository';
import { toCartView } from './devices.presenter';
import type { DeviceChanges, DevicesRepository } from './devices.repository';

type AdminDevicePatch = z.infer<typeof adminDevicePatch>;

export class DevicesService {
  constructor(
    private readonly devices: DevicesRepository,
    private readonly sites: SitesRepository,
    private readonly provisioner: DeviceProvisioner,
    private readonly bus: DomainEventBus,
  ) {}

  async listForSite(siteId: string): Promise<CartView[]> {
    const now = Date.now();
    return (await this.devices.listBySite(siteId)).map((row) => toCartView(row, now));
  }

  async listAll(): Promise<CartView[]> {
    const now = Date.now();
    return (await this.devices.listAll()).map((row) => toCartView(row, now));
  }

  async get(id: string): Promise<CartView> {
    const row = await this.devices.find(id);
    if (!row) throw notFound('Device not found');
    return toCartView(row);
  }

  /**
   * Registers a tracker into the staging site and returns its secret, which is shown this once: only its
   * hash is stored. The broker learns the credentials before the answer goes out, so the device can connect.
   */
  async register(serial: string): Promise<{ _id: string; serial: string; secret: string }> {
    const staging = await this.sites.staging();
    const secret = randomToken();
    let row;
    try {
      row = await this.devices.insert({ serial, secretHash: hashToken(secret), siteId: staging.id });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('A device with this serial already exists');
      throw error;
    }
    await this.provisioner.register(row.id, secret);
    return { _id: row.id, serial: row.serial, secret };
  }

  /** Issues a new secret for a device (the simulator does this for its own carts at every start). */
  async rotateSecret(id: string): Promise<string> {
    const secret = randomToken();
    await this.devices.setSecretHash(id, hashToken(secret));
    await this.provisioner.register(id, secret);
    return secret;
  }

  async adminUpdate({ ids, updateData }: AdminDevicePatch): Promise<CartView[]> {
    const { siteID, ...rest } = updateData;
    if (rest.carNumber !== undefined && ids.length > 1) {
      throw badRequest('carNumber: can only be set on one device at a time');
    }
    if (siteID !== undefined && !(await this.sites.find(siteID))) throw badRequest('siteID: site not found');
    const found = await this.devices.findMany(ids);
    if (found.length !== new Set(ids).size) throw notFound('Device not found');
    const changes: DeviceChanges = { ...rest, ...(siteID !== undefined ? { siteId: siteID } : {}) };
    return this.applyChanges(ids, changes);
  }

  private async applyChanges(ids: string[], changes: DeviceChanges): Promise<CartView[]> {
    let rows;
    try {
      rows = await this.devices.update(ids, changes);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Car number already exists.');
      throw error;
    }
    const views = rows.map((row) => toCartView(row));
    for (const view of views) this.bus.emit('device.updated', view);
    return views;
  }
}
