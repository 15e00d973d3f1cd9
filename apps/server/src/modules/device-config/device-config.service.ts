import { eq, inArray, sql } from 'drizzle-orm';
import type { ConfigAckMessage, ConfigMessage, PendingUpdate } from '@fairway/domain';
import type { Logger } from 'pino';
import type { DeviceConfigPublisher } from '../../context';
import type { Db } from '../../db/client';
import type { DomainEventBus } from '../../lib/events';
import { devices } from '../../db/tables/devices';
import { buildConfigContents } from './device-config.builder';
import { deviceConfigs } from '../../db/tables/device-configs';

/** The part of the device gateway this service needs: a retained, QoS 1 publish of a cart's config. */
export interface ConfigChannel {
  sendConfig(deviceId: string, config: ConfigMessage): Promise<void>;
}

/** Pending-update markers a config carries; 'lock' belongs to commands and stays. */
const CONFIG_PARTS: readonly PendingUpdate[] = ['ss', 'ds', 'code'];

/**
 * Versioned, retained device configs (device protocol §config). Publishing stores the exact payload first
 * and then hands it to the broker; the cart applies a higher version whenever it is connected and acks it,
 * which clears the fleet's pending-update markers. Nothing is lost while a cart is offline: the broker
 * holds the retained config, and the server republishes every stored config when it starts, for a broker
 * that lost its retained messages (the embedded Aedes keeps them in memory).
 */
export class DeviceConfigService implements DeviceConfigPublisher {
  constructor(
    private readonly db: Db,
    private readonly channel: ConfigChannel,
    private readonly bus: DomainEventBus,
    private readonly log: Logger,
  ) {}

  async publishSite(siteId: string, parts: PendingUpdate[]): Promise<{ devices: number }> {
    const rows = await this.db.select({ id: devices.id }).from(devices).where(eq(devices.siteId, siteId));
    return this.publishDevices(
      rows.map((row) => row.id),
      parts,
    );
  }

  async publishDevices(deviceIds: string[], parts: PendingUpdate[]): Promise<{ devices: number }> {
    if (deviceIds.length === 0) return { devices: 0 };
    const issuedAt = Date.now();
    const published = await this.db.transaction(async (tx) => {
      // Row locks in id order: two publishes of overlapping carts queue instead of deadlocking.
      const rows = await tx
        .update(devices)
        .set({
          configVersion: sql`${devices.configVersion} + 1`,
          updates: sql`array(select distinct unnest(${devices.updates} || ${sql.param(parts)}::text[]) order by 1)`,
          updatedAt: sql`now()`,
        })
        .where(inArray(devices.id, [...deviceIds].sort()))
        .returning();
      const contents = await buildConfigContents(
        tx,
        rows.map((row) => row.id),
      );
      const configs = rows.map((row) => ({
        row,
        config: { version: row.configVersion, issuedAt, ...contents.get(row.id)! } satisfies ConfigMessage,
      }));
      if (configs.length > 0) {
        await tx
          .insert(deviceConfigs)
          .values(
            configs.map(({ row, config }) => ({
              deviceId: row.id,
              version: config.version,
              payload: config,
            })),
          )
          .onConflictDoUpdate({
            target: deviceConfigs.deviceId,
            set: {
              version: sql`excluded.version`,
              payload: sql`excluded.payload`,
              publishedAt: sql`now()`,
            },
          });
      }
      return configs;
    });
    for (const { row } of published) this.bus.emit('device.updated', row);
    await this.send(published.map(({ row, config }) => ({ deviceId: row.id, config })));
    return { devices: published.length };
  }

  /** Carts that never had a config (a fresh demo, a first start) get their site's now. */
  async publishUnconfigured(): Promise<number> {
    const rows = await this.db.select({ id: devices.id }).from(devices).where(eq(devices.configVersion, 0));
    return (
      await this.publishDevices(
        rows.map((row) => row.id),
        ['ss'],
      )
    ).devices;
  }

  /** At start: hands every stored config to the broker again (retained), oldest carts first. */
  async republishAll(): Promise<number> {
    const rows = await this.db.select().from(deviceConfigs);
    await this.send(rows.map((row) => ({ deviceId: row.deviceId, config: row.payload })));
    return rows.length;
  }

  /** A cart applied a config: once it runs the latest version, its config markers are cleared. */
  async acknowledged(deviceId: string, ack: ConfigAckMessage): Promise<void> {
    if (!ack.ok) {
      this.log.warn({ deviceId, version: ack.version, error: ack.error }, 'cart refused its config');
      return;
    }
    const [row] = await this.db
      .update(devices)
      .set({
        configAckedVersion: sql`greatest(${devices.configAckedVersion}, ${ack.version})`,
        updates: sql`array(select u from unnest(${devices.updates}) as u where u <> all(${sql.param(CONFIG_PARTS)}::text[]))`,
      })
      .where(sql`${devices.id} = ${deviceId} and ${devices.configVersion} <= ${ack.version}`)
      .returning();
    if (row) this.bus.emit('device.updated', row);
  }

  private async send(items: Array<{ deviceId: string; config: ConfigMessage }>): Promise<void> {
    // The payloads are stored: a publish that fails now is repeated at the next start, so it only logs.
    await Promise.all(
      items.map(({ deviceId, config }) =>
        this.channel
          .sendConfig(deviceId, config)
          .catch((error: unknown) =>
            this.log.error({ err: error, deviceId, version: config.version }, 'publishing a config failed'),
          ),
      ),
    );
  }
}
