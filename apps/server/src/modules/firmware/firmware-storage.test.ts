import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRMWARE_MAX_BYTES, FIRMWARE_MESSAGES, type FirmwareFileView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';

let rt: Runtime;
let dataDir: string;
let superadmin: string;
let admin: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fairway-firmware-'));
  rt = await startTestServer({ DATA_DIR: dataDir });
  superadmin = await loginAs(rt, 'superadmin@example.com');
  admin = await loginAs(rt, 'admin@example.com');
});
afterAll(async () => {
  await rt.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Part = { field: string; text: string } | { field?: string; filename: string; bytes: Buffer };

/** A multipart/form-data body built by hand, so each test controls names and bytes exactly. */
function multipart(parts: Part[]) {
  const boundary = `fairway-${randomUUID()}`;
  const chunks = parts.flatMap((part) => {
    const head =
      'text' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; ` +
          `filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    return [Buffer.from(head), 'text' in part ? Buffer.from(part.text) : part.bytes, Buffer.from('\r\n')];
  });
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const image = (label: string) => Buffer.from(`tracker image ${label} ${randomUUID()}`);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function upload(parts: Part[], token = superadmin, server = rt) {
  const body = multipart(parts);
  return server.app.inject({
    method: 'POST',
    url: '/api/storage/firmware',
    headers: { ...asUser(token), ...body.headers },
    payload: body.payload,
  });
}

const uniqueName = (version: string) => `fw-${randomUUID().slice(0, 8)}-${version}.bin`;
const list = (folder?: string, token = superadmin) =>
  rt.app.inject({ url: `/api/storage/firmware${folder ? `?folder=${folder}` : ''}`, headers: asUser(token) });

describe('firmware storage', () => {
  it('stores an upload with the SHA-256 it computed and the version from the file name', async () => {
    const bytes = image('a');
    const name = uniqueName('2.4.1');
    const res = await upload([
      { field: 'folder', text: 'wifi' },
      { field: 'sha256', text: sha256(bytes).toUpperCase() },
      { filename: name, bytes },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json<FirmwareFileView>();
    expect(file).toMatchObject({
      folder: 'wifi',
      name,
      version: '2.4.1',
      size: bytes.length,
      sha256: sha256(bytes),
    });
    const row = await rt.ctx.db.query.firmwareFiles.findFirst({ where: (f, { eq }) => eq(f.id, file._id) });
    expect((await rt.ctx.privateFiles.get(row!.storeKey))?.bytes.equals(bytes)).toBe(true);

    const wifi = (await list('wifi')).json<FirmwareFileView[]>();
    expect(wifi.map((f) => f._id)).toContain(file._id);
    const gsm = (await list('sim7600')).json<FirmwareFileView[]>();
    expect(gsm.map((f) => f._id)).not.toContain(file._id);
  });

  it('takes the version given instead of the file name', async () => {
    const res = await upload([
      { field: 'folder', text: 'sim7600' },
      { field: 'version', text: 'SIM7600-B05' },
      { filename: uniqueName('1.0'), bytes: image('b') },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<FirmwareFileView>()).toMatchObject({ folder: 'sim7600', version: 'SIM7600-B05' });
  });

  it.each([
    ['no file', [{ field: 'folder', text: 'wifi' }], FIRMWARE_MESSAGES.noFile],
    [
      'an empty file',
      [
        { field: 'folder', text: 'wifi' },
        { filename: 'x-1.0.bin', bytes: Buffer.alloc(0) },
      ],
      FIRMWARE_MESSAGES.noFile,
    ],
    [
      'a file over 5 MB',
      [
        { field: 'folder', text: 'wifi' },
        { filename: 'big-1.0.bin', bytes: Buffer.alloc(FIRMWARE_MAX_BYTES + 1) },
      ],
      FIRMWARE_MESSAGES.tooLarge,
    ],
    [
      'a file that is not .bin',
      [
        { field: 'folder', text: 'wifi' },
        { filename: 'fw-1.0.hex', bytes: Buffer.from('x') },
      ],
      FIRMWARE_MESSAGES.notBin,
    ],
    [
      'a checksum that does not match',
      [
        { field: 'folder', text: 'wifi' },
        { field: 'sha256', text: sha256(Buffer.from('other')) },
        { filename: 'fw-1.0.bin', bytes: Buffer.from('x') },
      ],
      FIRMWARE_MESSAGES.checksum,
    ],
    [
      'a name without a version',
      [
        { field: 'folder', text: 'wifi' },
        { filename: 'latest!.bin', bytes: Buffer.from('x') },
      ],
      FIRMWARE_MESSAGES.noVersion,
    ],
    [
      'an unknown folder',
      [
        { field: 'folder', text: 'esp8266' },
        { filename: 'fw-1.0.bin', bytes: Buffer.from('x') },
      ],
      "Folder must be 'wifi', 'sim7600' or 'sim7000'",
    ],
  ] as Array<[string, Part[], string]>)(
    'refuses %s with a clear 400 and stores nothing',
    async (_, parts, message) => {
      const before = (await list()).json<FirmwareFileView[]>().length;
      const res = await upload(parts);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
      expect((await list()).json<FirmwareFileView[]>()).toHaveLength(before);
    },
  );

  it('accepts exactly 5 MB', async () => {
    const res = await upload([
      { field: 'folder', text: 'sim7000' },
      { filename: uniqueName('9.9.9'), bytes: Buffer.alloc(FIRMWARE_MAX_BYTES, 1) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<FirmwareFileView>().size).toBe(FIRMWARE_MAX_BYTES);
  });

  it('refuses a name already in the folder with 409, and takes it in another folder', async () => {
    const name = uniqueName('3.0.0');
    expect(
      (
        await upload([
          { field: 'folder', text: 'wifi' },
          { filename: name, bytes: image('c') },
        ])
      ).statusCode,
    ).toBe(201);
    const again = await upload([
      { field: 'folder', text: 'wifi' },
      { filename: name, bytes: image('d') },
    ]);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(FIRMWARE_MESSAGES.duplicate);
    const elsewhere = await upload([
      { field: 'folder', text: 'sim7000' },
      { filename: name, bytes: image('e') },
    ]);
    expect(elsewhere.statusCode).toBe(201);
  });

  it('deletes a file with its bytes; a second delete is 404', async () => {
    const res = await upload([
      { field: 'folder', text: 'wifi' },
      { filename: uniqueName('4.0.0'), bytes: image('f') },
    ]);
    const file = res.json<FirmwareFileView>();
    const row = await rt.ctx.db.query.firmwareFiles.findFirst({ where: (f, { eq }) => eq(f.id, file._id) });
    const del = () =>
      rt.app.inject({
        method: 'DELETE',
        url: `/api/storage/firmware/${file._id}`,
        headers: asUser(superadmin),
      });
    expect((await del()).statusCode).toBe(204);
    expect(await rt.ctx.privateFiles.get(row!.storeKey)).toBeNull();
    expect((await list()).json<FirmwareFileView[]>().map((f) => f._id)).not.toContain(file._id);
    expect((await del()).statusCode).toBe(404);
  });

  it('is for superadmins only', async () => {
    const { demo } = await demoSiteIds(rt);
    expect((await list(undefined, admin)).statusCode).toBe(403);
    expect(
      (await rt.app.inject({ url: '/api/storage/firmware', headers: asUser(admin, demo) })).statusCode,
    ).toBe(403);
    expect(
      (
        await upload(
          [
            { field: 'folder', text: 'wifi' },
            { filename: 'a-1.0.bin', bytes: image('g') },
          ],
          admin,
        )
      ).statusCode,
    ).toBe(403);
    const del = await rt.app.inject({
      method: 'DELETE',
      url: `/api/storage/firmware/${randomUUID()}`,
      headers: asUser(admin),
    });
    expect(del.statusCode).toBe(403);
    expect((await rt.app.inject({ url: '/api/storage/firmware' })).statusCode).toBe(401);
  });
});

describe('signed download URLs of the local store', () => {
  it('serve the file until they expire; a changed signature, key or expiry is refused with 403', async () => {
    const bytes = image('h');
    const res = await upload([
      { field: 'folder', text: 'wifi' },
      { filename: uniqueName('5.0.0'), bytes },
    ]);
    const row = await rt.ctx.db.query.firmwareFiles.findFirst({
      where: (f, { eq }) => eq(f.id, res.json<FirmwareFileView>()._id),
    });
    const url = new URL(await rt.ctx.privateFiles.signedUrl(row!.storeKey, 600));
    expect(url.origin).toBe(rt.url);
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

    const tampered = new URL(url);
    tampered.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const longer = await rt.app.inject({ url: tampered.pathname + tampered.search });
    expect(longer.statusCode).toBe(403);
    expect(longer.json<{ message: string }>().message).toBe('This link is not valid');

    const noSignature = await rt.app.inject({ url: url.pathname });
    expect(noSignature.statusCode).toBe(403);

    // The public file route never serves the private store.
    expect((await rt.app.inject({ url: `/api/files/${row!.storeKey}` })).statusCode).toBe(404);

    const expired = new URL(await rt.ctx.privateFiles.signedUrl(row!.storeKey, 1));
    expired.searchParams.set('expires', '1000');
    // A forged expiry is not signed: refused as invalid, never served.
    expect((await rt.app.inject({ url: expired.pathname + expired.search })).statusCode).toBe(403);
  });
});

describe('with S3_URL', () => {
  it('keeps the images in the bucket and hands out presigned URLs of the bucket', async () => {
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dataDir, 's3'),
      configureBuckets: [{ name: 'fairway-files', configs: [] }],
    });
    const { port } = await s3.run();
    const s3Url = `http://S3RVER:S3RVER@127.0.0.1:${port}/fairway-files?region=eu-central-1`;
    const s3rt = await startTestServer({ DATA_DIR: path.join(dataDir, 's3-server'), S3_URL: s3Url });
    try {
      const token = await loginAs(s3rt, 'superadmin@example.com');
      const bytes = image('s3');
      const res = await upload(
        [
          { field: 'folder', text: 'sim7000' },
          { filename: uniqueName('6.0.0'), bytes },
        ],
        token,
        s3rt,
      );
      expect(res.statusCode, res.body).toBe(201);
      const file = res.json<FirmwareFileView>();
      const row = await s3rt.ctx.db.query.firmwareFiles.findFirst({
        where: (f, { eq }) => eq(f.id, file._id),
      });
      // In the bucket under private/, not on the server's disk.
      const object = await fetch(await s3rt.ctx.privateFiles.signedUrl(row!.storeKey, 600));
      expect(new URL(object.url).port).toBe(String(port));
      expect(new URL(object.url).pathname).toBe(`/fairway-files/private/${row!.storeKey}`);
      expect(Buffer.from(await object.arrayBuffer()).equals(bytes)).toBe(true);
      await expect(fs.stat(path.join(dataDir, 's3-server', 'files', 'private'))).rejects.toThrow();

      const del = await s3rt.app.inject({
        method: 'DELETE',
        url: `/api/storage/firmware/${file._id}`,
        headers: asUser(token),
      });
      expect(del.statusCode).toBe(204);
      expect(await s3rt.ctx.privateFiles.size(row!.storeKey)).toBeNull();
    } finally {
      await s3rt.stop();
      await s3.close();
    }
  }, 30_000);
});
