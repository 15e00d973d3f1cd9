import type { z } from 'zod';
import {
  ADMIN_CART_FIELDS,
  hasRole,
  type CartView,
  type DevicePatchBody,
  type DevicesBulkPatchBody,
  type Role,
  type adminDevicePatch,
} from '@fairway/domain';
import type { DeviceConfigPublisher, DeviceProvisioner } from '../../context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import { isUniqueViolation } from '../../lib/pg-errors';
import { hashToken, randomToken } from '../../lib/tokens';
import type { SitesRepository } from '../sites/sites.repository';
import { toCartView } from './devices.presenter';
import type { DeviceChanges, DevicesRepository } from './devices.repository';
import type { CartActivityLookup } from './cart-activity-lookup';

type AdminDevicePatch = z.infer<typeof adminDevicePatch>;

export class DevicesService {
  constructor(
    private readonly devices: DevicesRepository,
    private readonly sites: SitesRepository,
    private readonly provisioner: DeviceProvisioner,
    private readonly bus: DomainEventBus,
    private readonly configs: DeviceConfigPublisher,
    private readonly cartActivity: CartActivityLookup,
  ) {}

  async listForSite(siteId: string): Promise<CartView[]> {
    const now = Date.now();
    const views = (await this.devices.listBySite(siteId)).map((row) => toCartView(row, now));
    return this.cartActivity.presentSite(siteId, views);
  }

  async getForSite(siteId: string, id: string): Promise<CartView> {
    const row = await this.devices.find(id);
    if (!row || row.siteId !== siteId) throw notFound('Device not found');
    return this.cartActivity.present(toCartView(row));
  }

  /**
   * PATCH /devices/{id} (spec §7) with the §6 roles: the key mode alone needs basic, cart settings need
   * user, the Admin panel's fields need admin. Tracker settings travel to the cart in its config ('ds').
   */
  async updateForSite(siteId: string, id: string, body: DevicePatchBody, role: Role): Promise<CartView> {
    await this.getForSite(siteId, id);
    this.assertMayChange(Object.keys(body.updateData), role);
    const [view] = await this.applyChanges([id], toChanges(body.updateData));
    return this.cartActivity.present(
      (await this.publishIfNeeded([id], body.updateData, body.publish)) ?? view!,
    );
  }

  /** PATCH /devices: key/keyless mode (basic), service state, vehicle info, bookable (user). */
  async updateManyForSite(siteId: string, body: DevicesBulkPatchBody, role: Role): Promise<CartView[]> {
    const found = await this.devices.findMany(body.ids);
    if (found.length !== new Set(body.ids).size || found.some((row) => row.siteId !== siteId))
      throw notFound('Device not found');
    this.assertMayChange(Object.keys(body.updateData), role);
    const views = await this.applyChanges(body.ids, toChanges(body.updateData));
    await this.publishIfNeeded(body.ids, body.updateData, body.publish);
    return this.cartActivity.presentSite(siteId, views);
  }

  private assertMayChange(fields: string[], role: Role): void {
    if (fields.length === 0) throw badRequest('updateData: nothing to change');
    const needed: Role = fields.some((field) => (ADMIN_CART_FIELDS as string[]).includes(field))
      ? 'admin'
      : fields.every((field) => field === 'key')
        ? 'basic'
        : 'user';
    if (!hasRole(role, needed)) throw forbidden(`Changing ${fields.join(', ')} needs role ${needed}`, 'role');
  }

  /** Tracker mode and server are the cart's own settings: they reach it through its config. */
  private async publishIfNeeded(
    ids: string[],
    updateData: Record<string, unknown>,
    publish: boolean | undefined,
  ): Promise<CartView | null> {
    const deviceSettingsChanged = 'trackerMode' in updateData || 'server' in updateData;
    if (!publish && !deviceSettingsChanged) return null;
    await this.configs.publishDevices(ids, ['ds']);
    const row = ids.length === 1 ? await this.devices.find(ids[0]!) : null;
    return row ? toCartView(row) : null;
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
    const changes: DeviceChanges = {
      ...toChanges(rest),
      ...(siteID !== undefined ? { siteId: siteID } : {}),
    };
    const views = await this.applyChanges(ids, changes);
    // A cart moved to another site takes that site's settings, codes and zones.
    if (siteID !== undefined) await this.configs.publishDevices(ids, ['ss']);
    return views;
  }

  private async applyChanges(ids: string[], changes: DeviceChanges): Promise<CartView[]> {
    let rows;
    try {
      rows = await this.devices.update(ids, changes);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Car number already exists.');
      throw error;
    }
    for (const row of rows) this.bus.emit('device.updated', row);
    return rows.map((row) => toCartView(row));
  }
}

/** API field names → columns: only the odometer offset is named differently (spec: carOdometerOffset). */
function toChanges(updateData: DevicePatchBody['updateData']): DeviceChanges {
  const { carOdometerOffset, ...rest } = updateData;
  return { ...rest, ...(carOdometerOffset !== undefined ? { odometerOffset: carOdometerOffset } : {}) };
}
