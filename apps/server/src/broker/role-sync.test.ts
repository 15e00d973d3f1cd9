import { deviceTopic } from '@fairway/domain';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, startTestServer } from '../../test/helpers';
import { connectDevice, eventually, publishJson, registerDevice } from '../../test/fleet-fixtures';
import { deviceSystemLogs } from '../db/tables/device-logs';
import type { Runtime } from '../runtime';
import { DynsecClient } from './dynsec-client';
import { deviceRoleName } from './provisioner';
import { syncDeviceRoles } from './role-sync';

/**
 * Carts registered in Mosquitto before a channel existed (issue 20: `log`) get its ACL at the next start.
 * Mosquitto only (TEST_MQTT_URL): the embedded broker checks topics against the protocol's list itself.
 */
describe.runIf(Boolean(process.env.TEST_MQTT_URL))('device roles in Mosquitto dynamic security', () => {
  let rt: Runtime;
  let superadmin: string;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    rt = await startTestServer();
    superadmin = await loginAs(rt, 'superadmin@example.com');
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await rt.stop();
  });

  const lines = (deviceId: string) =>
    rt.ctx.db.select().from(deviceSystemLogs).where(eq(deviceSystemLogs.deviceId, deviceId));

  it("gives a role written before the `log` channel its ACL, so the cart's log lines arrive", async () => {
    const device = await registerDevice(rt, superadmin);
    const topic = deviceTopic(device.deviceId, 'log');
    // The role as an older server wrote it: every ACL but `log`.
    const dynsec = new DynsecClient(rt.gateway.client, pino({ level: 'silent' }));
    const [removed] = await dynsec.execute([
      {
        command: 'removeRoleACL',
        rolename: deviceRoleName(device.deviceId),
        acltype: 'publishClientSend',
        topic,
      },
    ]);
    expect(removed?.error).toBeUndefined();

    const cart = await connectDevice(rt.mqttUrl, device);
    clients.push(cart);
    const batch = (body: string) => ({ id: crypto.randomUUID(), lines: [{ ts: Date.now(), body }] });
    await publishJson(cart, topic, batch('I refused'), { qos: 1 });
    // A telemetry report after it arrives, so the refused batch had its chance to arrive before.
    await publishJson(cart, deviceTopic(device.deviceId, 'telemetry'), { ts: 1 }, { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await lines(device.deviceId)).toEqual([]);

    expect(
      await syncDeviceRoles(rt.gateway.client, rt.ctx.db, pino({ level: 'silent' }), { force: true }),
    ).toBeGreaterThan(0);
    // Idempotent: a second run finds every ACL in place.
    await syncDeviceRoles(rt.gateway.client, rt.ctx.db, pino({ level: 'silent' }), { force: true });
    await publishJson(cart, topic, batch('I allowed'), { qos: 1 });
    await eventually(async () => (await lines(device.deviceId)).length === 1);
    expect((await lines(device.deviceId)).map((row) => row.body)).toEqual(['I allowed']);
  });
});
