import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { signedFileRoutes } from '../modules/files/signed-files.routes';
import { InvalidFileKeyError, LocalFileStore, type FileStore } from './file-store';
import { S3FileStore } from './s3-file-store';
import { parseS3Url } from './s3-location';
import { FileUrlSigner } from './signed-file-urls';

/**
 * One contract, two stores: the local disk (its signed URLs served by the real route) and an S3 bucket of
 * a local S3-compatible server (s3rver) through the official AWS SDK. The clock only moves signing time back,
 * so an "expired" URL is expired the moment it is made.
 */
const TWO_HOURS_AGO = () => Date.now() - 2 * 3600_000;

interface StoreUnderTest {
  store: FileStore;
  /** the same store whose signed URLs were signed two hours ago */
  pastStore: FileStore;
}

let tempDir: string;
let s3: S3rver;
let s3Url: string;
let web: FastifyInstance;
let webUrl = '';
const stores: Record<'local' | 's3', StoreUnderTest> = {} as never;

beforeAll(async () => {
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fairway-file-store-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(tempDir, 's3'),
    configureBuckets: [{ name: 'fairway-test', configs: [] }],
  });
  const { port } = await s3.run();
  s3Url = `http://S3RVER:S3RVER@127.0.0.1:${port}/fairway-test?region=eu-central-1`;
  const location = parseS3Url(s3Url);
  stores.s3 = {
    store: new S3FileStore(location, 'private/'),
    pastStore: new S3FileStore(location, 'private/', TWO_HOURS_AGO),
  };

  const root = path.join(tempDir, 'local');
  const local = new LocalFileStore(root, new FileUrlSigner('contract-secret', () => webUrl));
  stores.local = {
    store: local,
    pastStore: new LocalFileStore(root, new FileUrlSigner('contract-secret', () => webUrl, TWO_HOURS_AGO)),
  };
  web = Fastify();
  web.setValidatorCompiler(validatorCompiler);
  web.setSerializerCompiler(serializerCompiler);
  await web.register(signedFileRoutes, {
    prefix: '/api/signed-files',
    ctx: { privateFiles: local } as unknown as AppContext,
  });
  webUrl = await web.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await web?.close();
  (stores.s3?.store as S3FileStore | undefined)?.close();
  (stores.s3?.pastStore as S3FileStore | undefined)?.close();
  await s3?.close();
  await fs.rm(tempDir, { recursive: true, force: true });
});

const bytes = (text: string) => Buffer.from(text);

describe.each(['local', 's3'] as const)('FileStore contract: %s', (kind) => {
  const store = () => stores[kind].store;

  it('keeps what was put, with its size, and answers null for a key with nothing stored', async () => {
    await store().put('firmware/wifi/a-1.0.bin', bytes('firmware one'), 'application/octet-stream');
    const file = await store().get('firmware/wifi/a-1.0.bin');
    expect(file?.bytes.toString()).toBe('firmware one');
    expect(await store().size('firmware/wifi/a-1.0.bin')).toBe(12);
    expect(await store().get('firmware/wifi/missing.bin')).toBeNull();
    expect(await store().size('firmware/wifi/missing.bin')).toBeNull();
  });

  it('replaces a file put again under the same key', async () => {
    await store().put('firmware/wifi/b.bin', bytes('old'), 'application/octet-stream');
    await store().put('firmware/wifi/b.bin', bytes('newer'), 'application/octet-stream');
    expect((await store().get('firmware/wifi/b.bin'))?.bytes.toString()).toBe('newer');
  });

  it('deletes, and deleting what is not there is no error', async () => {
    await store().put('firmware/wifi/c.bin', bytes('c'), 'application/octet-stream');
    await store().delete('firmware/wifi/c.bin');
    expect(await store().get('firmware/wifi/c.bin')).toBeNull();
    await expect(store().delete('firmware/wifi/c.bin')).resolves.toBeUndefined();
  });

  it('refuses keys that leave the store', async () => {
    await expect(store().get('../etc/passwd')).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store().put('/abs.bin', bytes('x'), 'application/octet-stream')).rejects.toBeInstanceOf(
      InvalidFileKeyError,
    );
    await expect(store().signedUrl('a/../../b', 60)).rejects.toBeInstanceOf(InvalidFileKeyError);
  });

  it('serves a file by its signed URL to anyone holding it', async () => {
    await store().put('firmware/sim7600/d-2.0.bin', bytes('image d'), 'application/octet-stream');
    const url = await store().signedUrl('firmware/sim7600/d-2.0.bin', 600);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('image d');
  });

  // s3rver checks a presigned URL's expiry but not its SigV4 signature (unimplemented there), so a tampered
  // URL can only be tried against the local store here; S3 itself refuses one with 403 SignatureDoesNotMatch.
  const signatureChecked = kind === 'local';

  it.runIf(signatureChecked)('refuses a signed URL whose signature was changed (403)', async () => {
    await store().put('firmware/sim7000/e.bin', bytes('image e'), 'application/octet-stream');
    const url = new URL(await store().signedUrl('firmware/sim7000/e.bin', 600));
    const name = url.searchParams.has('signature') ? 'signature' : 'X-Amz-Signature';
    const signature = url.searchParams.get(name)!;
    url.searchParams.set(name, `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`);
    const res = await fetch(url);
    expect(res.status).toBe(403);
    await res.arrayBuffer();
  });

  it.runIf(signatureChecked)('refuses a signed URL pointed at another file (403)', async () => {
    await store().put('firmware/wifi/f.bin', bytes('image f'), 'application/octet-stream');
    await store().put('firmware/wifi/g.bin', bytes('image g'), 'application/octet-stream');
    const url = await store().signedUrl('firmware/wifi/f.bin', 600);
    const res = await fetch(url.replace('/f.bin', '/g.bin'));
    expect(res.status).toBe(403);
    await res.arrayBuffer();
  });

  it('refuses a signed URL once it expired (403)', async () => {
    await store().put('firmware/wifi/h.bin', bytes('image h'), 'application/octet-stream');
    const url = await stores[kind].pastStore.signedUrl('firmware/wifi/h.bin', 60);
    const res = await fetch(url);
    expect(res.status).toBe(403);
    await res.arrayBuffer();
  });
});

describe('S3_URL', () => {
  it('reads the endpoint, bucket, region, credentials and addressing style', () => {
    expect(parseS3Url('https://AK%2F1:se%2Bcret@s3.example.com:9000/firmware?region=eu-central-1')).toEqual({
      endpoint: 'https://s3.example.com:9000',
      bucket: 'firmware',
      region: 'eu-central-1',
      accessKeyId: 'AK/1',
      secretAccessKey: 'se+cret',
      forcePathStyle: true,
    });
    expect(parseS3Url('https://k:s@s3.amazonaws.com/my-bucket?style=virtual').forcePathStyle).toBe(false);
  });

  it.each([
    ['not a url', /must be a URL/],
    ['ftp://k:s@host/bucket', /http/],
    ['https://host/bucket', /access key/],
    ['https://k:s@host/', /bucket/],
    ['https://k:s@host/a/b', /bucket/],
    ['https://k:s@host/bucket?style=odd', /style/],
  ])('refuses %s with a clear message', (value, message) => {
    expect(() => parseS3Url(value)).toThrow(message);
  });

  it('is read by the configuration, which names the variable when it is wrong', () => {
    expect(loadConfig({ S3_URL: s3Url }).s3).toMatchObject({
      bucket: 'fairway-test',
      region: 'eu-central-1',
    });
    expect(loadConfig({}).s3).toBeNull();
    expect(() => loadConfig({ S3_URL: 'https://host/bucket' })).toThrow(/S3_URL: must carry the access key/);
  });
});
