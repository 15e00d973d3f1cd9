import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { DEVICE_PUBLISHES, DEVICE_SUBSCRIBES } from '@fairway/domain';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { devices } from '../db/tables/devices';
import { platformSecrets } from '../db/tables/platform';
import { DynsecClient, DynsecError } from './dynsec-client';
import { ACL_EXISTS, aclSyncCommands } from './provisioner';

/** Answers that leave a role as wanted: it holds the ACL already, or the cart has no role in this broker. */
const HARMLESS = new Set([ACL_EXISTS, 'Role not found']);
/**
 * Carts per control message: 8 ACLs of ~200 bytes each, so a message stays far under the broker's
 * max_packet_size (mosquitto.conf), which also covers the server's own publishes.
 */
const CARTS_PER_MESSAGE = 50;

/** Runs `aclSyncCommands` for the carts; throws on any answer other than success or a harmless one. */
export async function addMissingAcls(dynsec: DynsecClient, deviceIds: string[]): Promise<void> {
  for (let i = 0; i < deviceIds.length; i += CARTS_PER_MESSAGE) {
    const answers = await dynsec.execute(deviceIds.slice(i, i + CARTS_PER_MESSAGE).flatMap(aclSyncCommands));
    const failed = answers.find((answer) => answer.error && !HARMLESS.has(answer.error));
    if (failed) throw new DynsecError(failed.command, failed.error!);
  }
}

/** Which channels the carts' roles were last brought up to: the sync runs again only when they change. */
const SYNCED_KEY = 'dynsec-device-channels';
const CHANNELS = [...DEVICE_PUBLISHES, ...DEVICE_SUBSCRIBES].join(',');

/**
 * A cart's dynsec role is written when it is registered, with the channels of the protocol of that day; a
 * channel added since (issue 20: `log`) would be refused to every cart registered before. At a start
 * (MQTT_DYNSEC=on) after the protocol's channels changed, every cart's role is given the ACLs it lacks, once:
 * Mosquitto writes its whole dynamic-security file after every command, so a sync at every start would cost
 * time that grows with the square of the fleet. `force` syncs whatever was synced before. Answers how many
 * carts were checked (0 when nothing had to be).
 */
export async function syncDeviceRoles(
  client: MqttClient,
  db: Db,
  log: Logger,
  { force = false }: { force?: boolean } = {},
): Promise<number> {
  const [synced] = await db.select().from(platformSecrets).where(eq(platformSecrets.key, SYNCED_KEY));
  if (!force && synced?.value === CHANNELS) return 0;
  const rows = await db.select({ id: devices.id }).from(devices);
  const dynsec = new DynsecClient(client, log.child({ part: 'dynsec' }));
  await addMissingAcls(
    dynsec,
    rows.map((row) => row.id),
  );
  await db
    .insert(platformSecrets)
    .values({ key: SYNCED_KEY, value: CHANNELS })
    .onConflictDoUpdate({ target: platformSecrets.key, set: { value: CHANNELS } });
  log.info({ devices: rows.length }, 'device roles in Mosquitto dynamic security brought up to date');
  return rows.length;
}
