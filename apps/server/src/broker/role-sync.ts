import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { devices } from '../db/tables/devices';
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

/**
 * A cart's dynsec role is written when it is registered, with the channels of the protocol of that day; a
 * channel added since (issue 20: `log`) would be refused to every cart registered before. At each start
 * (MQTT_DYNSEC=on) every cart's role is given the ACLs it lacks. Answers how many carts were checked.
 */
export async function syncDeviceRoles(client: MqttClient, db: Db, log: Logger): Promise<number> {
  const rows = await db.select({ id: devices.id }).from(devices);
  const dynsec = new DynsecClient(client, log.child({ part: 'dynsec' }));
  await addMissingAcls(
    dynsec,
    rows.map((row) => row.id),
  );
  log.info({ devices: rows.length }, 'device roles in Mosquitto dynamic security brought up to date');
  return rows.length;
}
