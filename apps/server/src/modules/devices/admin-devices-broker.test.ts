import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import type { AdminBulkResult } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, startAsSuperadmin } from '../../../test/helpers';
import { connackCode, connectDevice, registerDevice } from '../../../test/fleet-fixtures';

/**
 * Delete Cars takes a tracker's broker access away at once (issue 20): a connected cart is disconnected and
 * cannot connect again. Against the embedded Aedes by default (its credential cache would otherwise let the
 * cart back in for 10 s), against Mosquitto with dynamic security when TEST_MQTT_URL is set.
 */
const NOT_AUTHORIZED = 5;

let rt: Runtime;
let superadmin: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await rt.stop();
});

describe('DELETE /api/admin/devices and the broker', () => {
  it('disconnects a connected cart and refuses its reconnect; a cart not deleted stays connected', async () => {
    const [doomed, kept] = await Promise.all([
      registerDevice(rt, superadmin),
      registerDevice(rt, superadmin),
    ]);
    const client = await connectDevice(rt.mqttUrl, doomed);
    const bystander = await connectDevice(rt.mqttUrl, kept);
    clients.push(client, bystander);
    expect(client.connected).toBe(true);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));

    const res = await rt.app.inject({
      method: 'DELETE',
      url: '/api/admin/devices',
      headers: asUser(superadmin),
      payload: { ids: [doomed.deviceId] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminBulkResult>()).toMatchObject({ done: 1, ids: [doomed.deviceId], skipped: [] });

    await closed;
    expect(client.connected).toBe(false);
    const again = await connackCode(rt.mqttUrl, {
      username: doomed.deviceId,
      password: doomed.secret,
      clientId: doomed.deviceId,
    });
    expect(again).toBe(NOT_AUTHORIZED);
    expect(bystander.connected).toBe(true);
  });
});
