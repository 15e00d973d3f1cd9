import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COURSE, SIMULATOR_FIRMWARE, silentLogger, startFleet, type Fleet } from '@fairway/simulator';
import type { FirmwareFileView, FirmwareUpdateView, PushFirmwareResult } from '@fairway/domain';
import type { DeviceRow } from '../../db/tables/devices';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
import {
  eventually,
  moveDevices,
  registerDevice,
  storedCart,
  type TestDevice,
} from '../../../test/fleet-fixtures';

/**
 * Firmware over the air end to end: real simulated carts (the simulator's own tracker behaviour) on the
 * embedded broker download the image by its signed URL from this server, check it, report their progress
 * and reboot into the new version.
 */
let rt: Runtime;
let dataDir: string;
let superadmin: string;
let fleet: Fleet;
let carts: TestDevice[];
/** every firmware status each cart went through, as `device.updated` announced it */
const seen = new Map<string, number[]>();

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fairway-ota-'));
  rt = await startTestServer({ DATA_DIR: dataDir });
  superadmin = await loginAs(rt, 'superadmin@example.com');
  const { demo } = await demoSiteIds(rt);
  carts = [];
  for (let i = 0; i < 4; i += 1) carts.push(await registerDevice(rt, superadmin));
  await moveDevices(
    rt,
    superadmin,
    carts.map((c) => c.deviceId),
    demo,
  );
  rt.ctx.bus.on('device.updated', (row: DeviceRow) => {
    const statuses = seen.get(row.id) ?? [];
    if (statuses.at(-1) !== row.firmwareStatus) statuses.push(row.firmwareStatus);
    seen.set(row.id, statuses);
  });
  fleet = await startFleet({
    url: rt.mqttUrl,
    // The fourth cart stays offline.
    carts: carts.slice(0, 3).map((c, i) => ({ ...c, carNumber: String(i + 1) })),
    course: DEMO_COURSE,
    activity: 0,
    // A reboot takes 3–8 simulated seconds: a fraction of a second here.
    timeScale: 40,
    ackLatencyMs: [0, 0],
    seed: 7,
    logger: silentLogger,
  });
  for (const cart of carts.slice(0, 3)) {
    await eventually(async () => {
      const row = await storedCart(rt, cart.deviceId);
      return row.online && row.firmware === SIMULATOR_FIRMWARE;
    });
  }
}, 30_000);

afterAll(async () => {
  await fleet?.stop();
  await rt?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function uploadImage(version: string): Promise<FirmwareFileView> {
  const boundary = `fairway-${randomUUID()}`;
  const bytes = Buffer.from(`image ${version} `.repeat(200));
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\nwifi\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tracker-${version}.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await rt.app.inject({
    method: 'POST',
    url: '/api/storage/firmware',
    headers: { ...asUser(superadmin), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<FirmwareFileView>();
}

function push(ids: string[], fileId: string, token = superadmin) {
  return rt.app.inject({
    method: 'POST',
    url: '/api/admin/devices/firmware',
    headers: asUser(token),
    payload: { ids, fileId },
  });
}

const history = async (deviceId: string) => {
  const res = await rt.app.inject({
    url: `/api/admin/devices/${deviceId}/firmware-updates`,
    headers: asUser(superadmin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FirmwareUpdateView[]>();
};

describe('firmware over the air', () => {
  it('installs an image on online carts: pending, downloading, downloaded, then the new version runs', async () => {
    const [a, b, , offline] = carts;
    const file = await uploadImage('2.0.0');
    const missing = randomUUID();
    const res = await push([a!.deviceId, b!.deviceId, offline!.deviceId, missing], file._id);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<PushFirmwareResult>();
    expect(result.done).toBe(2);
    expect(result.ids.sort()).toEqual([a!.deviceId, b!.deviceId].sort());
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: offline!.deviceId, reason: 'offline' }),
        expect.objectContaining({ id: missing, reason: 'notFound', message: 'Device not found' }),
      ]),
    );

    for (const cart of [a!, b!]) {
      const done = await eventually(async () => {
        const row = await storedCart(rt, cart.deviceId);
        return row.firmware === '2.0.0' && row.firmwareStatus === 0 ? row : undefined;
      }, 15_000);
      expect(done.firmwareTarget).toBeNull();
      expect(seen.get(cart.deviceId)).toEqual([0, 1, 2, 4, 0]);
      expect(fleet.cart(cart.deviceId)!.state.firmware).toBe('2.0.0');
      const [update] = await history(cart.deviceId);
      expect(update).toMatchObject({
        fileId: file._id,
        fromVersion: SIMULATOR_FIRMWARE,
        version: '2.0.0',
        status: 0,
        error: null,
      });
    }

    // Pushed again: the carts already run it.
    const again = (await push([a!.deviceId], file._id)).json<PushFirmwareResult>();
    expect(again).toMatchObject({ done: 0, skipped: [{ id: a!.deviceId, reason: 'alreadyOnVersion' }] });
  }, 30_000);

  it('reports a corrupt image as failed and the cart keeps its version', async () => {
    const cart = carts[2]!;
    const file = await uploadImage('2.1.0');
    // The stored bytes change after the upload (a damaged disk or bucket): the order's checksum no longer fits.
    const row = await rt.ctx.db.query.firmwareFiles.findFirst({ where: (f, { eq }) => eq(f.id, file._id) });
    const stored = (await rt.ctx.privateFiles.get(row!.storeKey))!.bytes;
    const damaged = Buffer.from(stored);
    damaged[5] = damaged[5]! ^ 0xff;
    await rt.ctx.privateFiles.put(row!.storeKey, damaged, 'application/octet-stream');

    expect((await push([cart.deviceId], file._id)).json<PushFirmwareResult>().done).toBe(1);
    const failed = await eventually(async () => {
      const device = await storedCart(rt, cart.deviceId);
      return device.firmwareStatus === 3 ? device : undefined;
    }, 15_000);
    expect(failed.firmware).toBe(SIMULATOR_FIRMWARE);
    expect(failed.firmwareTarget).toBe('2.1.0');
    const [update] = await history(cart.deviceId);
    expect(update).toMatchObject({ version: '2.1.0', status: 3, error: 'checksum' });
    expect(seen.get(cart.deviceId)).toEqual([0, 1, 2, 3]);
    expect(fleet.cart(cart.deviceId)!.state.firmware).toBe(SIMULATOR_FIRMWARE);
  }, 30_000);

  it('marks an order the cart refuses as failed with its reason', async () => {
    const cart = carts[2]!;
    const file = await uploadImage('2.2.0');
    fleet.cart(cart.deviceId)!.failNextAcks(1);
    expect((await push([cart.deviceId], file._id)).json<PushFirmwareResult>().done).toBe(1);
    const update = await eventually(async () => {
      const [latest] = await history(cart.deviceId);
      return latest?.version === '2.2.0' && latest.status === 3 ? latest : undefined;
    });
    expect(update.error).toBe('simulated failure');
    expect((await storedCart(rt, cart.deviceId)).firmwareStatus).toBe(3);
  });

  it('is for superadmins only, and names a missing image or cart with 404', async () => {
    const admin = await loginAs(rt, 'admin@example.com');
    const { demo } = await demoSiteIds(rt);
    const file = await uploadImage('2.3.0');
    expect((await push([carts[0]!.deviceId], file._id, admin)).statusCode).toBe(403);
    const adminHistory = await rt.app.inject({
      url: `/api/admin/devices/${carts[0]!.deviceId}/firmware-updates`,
      headers: asUser(admin, demo),
    });
    expect(adminHistory.statusCode).toBe(403);
    const noFile = await push([carts[0]!.deviceId], randomUUID());
    expect(noFile.statusCode).toBe(404);
    expect(noFile.json<{ message: string }>().message).toBe('Firmware file not found');
    const noCart = await rt.app.inject({
      url: `/api/admin/devices/${randomUUID()}/firmware-updates`,
      headers: asUser(superadmin),
    });
    expect(noCart.statusCode).toBe(404);
    const noneSelected = await push([], file._id);
    expect(noneSelected.statusCode).toBe(400);
  });
});
