import { DEVICE_PUBLISHES, DEVICE_SUBSCRIBES, deviceTopic } from '@fairway/domain';
import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { DeviceProvisioner } from '../context';
import { DynsecClient, DynsecError, type DynsecCommand, type DynsecResponse } from './dynsec-client';

/** Prefix of the per-device dynsec roles; the rest of the name is the device id. */
export const DEVICE_ROLE_PREFIX = 'fairway-device-';
export const deviceRoleName = (deviceId: string) => `${DEVICE_ROLE_PREFIX}${deviceId}`;

/**
 * The ACLs of one cart, with its id written out. Mosquitto 2.0's dynamic-security plugin matches ACL topics
 * literally: `%u`/`%c` substitution in dynsec roles only arrives in 2.1 (eclipse-mosquitto/mosquitto#2222,
 * #3191; checked against Debian's 2.0.11, where `x/%u/c` only matches the literal topic). One shared role
 * with `fairway/v1/devices/%u/…` would therefore grant nothing, so each cart gets a role of its own.
 */
export function deviceRoleAcls(deviceId: string): Array<{ acltype: string; topic: string; allow: boolean }> {
  return [
    ...DEVICE_PUBLISHES.map((channel) => ({
      acltype: 'publishClientSend',
      topic: deviceTopic(deviceId, channel),
      allow: true,
    })),
    ...DEVICE_SUBSCRIBES.flatMap((channel) => [
      { acltype: 'subscribePattern', topic: deviceTopic(deviceId, channel), allow: true },
      { acltype: 'publishClientReceive', topic: deviceTopic(deviceId, channel), allow: true },
    ]),
  ];
}

/**
 * The dynsec commands that let one cart in: its role (ACLs on its own topics) and its client (username
 * and client id = device id). Exported for bulk provisioning (the bench sends hundreds per message).
 */
export function registerCommands(deviceId: string, secret: string): DynsecCommand[] {
  const rolename = deviceRoleName(deviceId);
  return [
    { command: 'createRole', rolename, acls: deviceRoleAcls(deviceId) },
    {
      command: 'createClient',
      username: deviceId,
      password: secret,
      clientid: deviceId,
      roles: [{ rolename, priority: 0 }],
    },
  ];
}

/**
 * Gives an existing cart role every ACL of the current protocol: a role written by an older server lacks the
 * channels added since (issue 20: `log`). Idempotent: an ACL the role holds answers ACL_EXISTS.
 */
export const aclSyncCommands = (deviceId: string): DynsecCommand[] =>
  deviceRoleAcls(deviceId).map((acl) => ({
    command: 'addRoleACL',
    rolename: deviceRoleName(deviceId),
    ...acl,
  }));
export const ACL_EXISTS = 'ACL with this topic already exists';

export const removeCommands = (deviceId: string): DynsecCommand[] => [
  { command: 'deleteClient', username: deviceId },
  { command: 'deleteRole', rolename: deviceRoleName(deviceId) },
];

/**
 * The embedded broker checks device secrets against the database itself, so registering is a no-op; a
 * removed device is revoked there at once (cache dropped, connection closed) rather than after the cache's TTL.
 */
const embeddedProvisioner = (broker: { revoke(deviceId: string): void } | null): DeviceProvisioner => ({
  register: async () => undefined,
  remove: async (deviceId) => broker?.revoke(deviceId),
});

/**
 * Device credentials in an external Mosquitto (MQTT_DYNSEC=on): `register` creates (or, for an existing
 * cart, updates) a dynsec client whose username and client id are the device id, with its own role;
 * `remove` deletes both (Mosquitto disconnects a deleted client at once). With `client` null (embedded Aedes)
 * `remove` revokes the device in `embedded`.
 */
export function createDeviceProvisioner(
  client: MqttClient | null,
  log: Logger,
  embedded: { revoke(deviceId: string): void } | null = null,
): DeviceProvisioner {
  if (!client) return embeddedProvisioner(embedded);
  const dynsec = new DynsecClient(client, log.child({ part: 'dynsec' }));
  void checkDefaultAccess(dynsec, log);

  return {
    async register(deviceId, secret) {
      const rolename = deviceRoleName(deviceId);
      const [role, created] = await dynsec.execute(registerCommands(deviceId, secret));
      expectOk(role, 'Role already exists');
      if (role?.error === 'Role already exists')
        for (const answer of await dynsec.execute(aclSyncCommands(deviceId))) expectOk(answer, ACL_EXISTS);
      if (created?.error === 'Client already exists') {
        // A re-issued secret (the demo fleet rotates its carts' secrets at each start): modifyClient sets
        // password, client id and roles in one idempotent step.
        const [modified] = await dynsec.execute([
          {
            command: 'modifyClient',
            username: deviceId,
            password: secret,
            clientid: deviceId,
            roles: [{ rolename, priority: 0 }],
          },
        ]);
        expectOk(modified);
      } else {
        expectOk(created);
      }
      log.debug({ deviceId }, 'device registered in Mosquitto dynamic security');
    },

    async remove(deviceId) {
      const answers = await dynsec.execute(removeCommands(deviceId));
      answers.forEach((answer, i) => expectOk(answer, i === 0 ? 'Client not found' : 'Role not found'));
      log.debug({ deviceId }, 'device removed from Mosquitto dynamic security');
    },
  };
}

/**
 * Per-cart roles only isolate carts if everything they do not grant is denied, which is the dynsec default
 * for publishing and subscribing. Checked once at start, so a broker that cannot isolate carts (or does not
 * answer dynsec commands at all) is reported at once rather than at the first registration.
 */
async function checkDefaultAccess(dynsec: DynsecClient, log: Logger): Promise<void> {
  try {
    const [answer] = await dynsec.execute([{ command: 'getDefaultACLAccess' }]);
    expectOk(answer);
    const acls =
      (answer?.data as { acls?: Array<{ acltype: string; allow: boolean }> } | undefined)?.acls ?? [];
    const open = acls.filter(
      (acl) => (acl.acltype === 'publishClientSend' || acl.acltype === 'subscribe') && acl.allow,
    );
    if (open.length > 0) {
      log.error(
        { open: open.map((acl) => acl.acltype) },
        "Mosquitto allows publishing/subscribing by default: carts could use each other's topics. Run " +
          '`mosquitto_ctrl dynsec setDefaultACLAccess publishClientSend deny` (and `subscribe deny`).',
      );
    }
  } catch (error) {
    log.error({ err: error }, 'Mosquitto dynamic security is not usable: devices cannot be registered');
  }
}

/** Throws unless the answer is a success or the one error that means "already as wanted". */
function expectOk(answer: DynsecResponse | undefined, harmless?: string): void {
  if (!answer) throw new Error('Mosquitto dynamic security sent no answer');
  if (answer.error && answer.error !== harmless) throw new DynsecError(answer.command, answer.error);
}
