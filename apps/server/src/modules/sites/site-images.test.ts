import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_LIMITS, type SiteView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
import { freshSite, tokenFor } from '../members/members.test-support';
import { GIF_BYTES, jpegBytes, pngBytes } from './image-content.test-support';

let rt: Runtime;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fairway-site-images-'));
  rt = await startTestServer({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await rt.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

interface FilePart {
  field?: string;
  filename?: string;
  contentType?: string;
  bytes: Buffer;
}
interface TextPart {
  field: string;
  text: string;
}

/** A multipart/form-data body built by hand, so each test controls names, types and bytes exactly. */
function multipart(parts: Array<FilePart | TextPart>) {
  const boundary = `fairway-${randomUUID()}`;
  const chunks = parts.flatMap((part) => {
    const head =
      'text' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'image'}"; ` +
          `filename="${part.filename ?? 'image.png'}"\r\n` +
          `Content-Type: ${part.contentType ?? 'image/png'}\r\n\r\n`;
    return [Buffer.from(head), 'text' in part ? Buffer.from(part.text) : part.bytes, Buffer.from('\r\n')];
  });
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A club of its own with an admin on it, so no other test file sees its pictures change. */
async function siteWithAdmin(): Promise<{ siteId: string; admin: string }> {
  const { siteId } = await freshSite(rt);
  return { siteId, admin: await tokenFor(rt, 'admin', siteId) };
}

const upload = (
  kind: 'logo' | 'cover',
  token: string,
  siteId: string,
  parts: Array<FilePart | TextPart> = [],
) => {
  const body = multipart(parts);
  return rt.app.inject({
    method: 'POST',
    url: `/api/dashboard/sites/${kind}`,
    headers: { ...asUser(token, siteId), ...body.headers },
    payload: body.payload,
  });
};

async function siteView(token: string, siteId: string): Promise<SiteView> {
  const res = await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(token, siteId) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SiteView>();
}

const publicFile = (url: string) => rt.app.inject({ url });

const expectRefused = (
  res: { statusCode: number; json: <T>() => T },
  code: string,
  message: string,
  status = 400,
) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ message, code });
};

describe('POST /api/dashboard/sites/logo and /cover', () => {
  it('stores a PNG logo, shows it on the site and serves the same bytes publicly', async () => {
    const { siteId, admin } = await siteWithAdmin();
    const png = pngBytes(6, 4);

    const res = await upload('logo', admin, siteId, [{ bytes: png, filename: 'club-logo.png' }]);

    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^/api/files/sites/${siteId}/logo-[0-9a-f]{16}\\.png$`));
    const site = await siteView(admin, siteId);
    expect(site.logo).toBe(url);
    expect(site.publicProfile.logoUrl).toBe(url);
    expect(site.cover).toBeNull();

    const file = await publicFile(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it('stores a JPEG cover, served as image/jpeg', async () => {
    const { siteId, admin } = await siteWithAdmin();
    const jpeg = jpegBytes(32, 16);

    const res = await upload('cover', admin, siteId, [
      { bytes: jpeg, filename: 'cover.jpeg', contentType: 'image/jpeg' },
    ]);

    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^/api/files/sites/${siteId}/cover-[0-9a-f]{16}\\.jpg$`));
    const site = await siteView(admin, siteId);
    expect(site.cover).toBe(url);
    expect(site.publicProfile.coverPhotoUrl).toBe(url);
    expect(site.logo).toBeNull();
    const file = await publicFile(url);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.equals(jpeg)).toBe(true);
  });

  it('judges the type by content: PNG bytes sent as logo.jpg are stored and served as a PNG', async () => {
    const { siteId, admin } = await siteWithAdmin();
    const res = await upload('logo', admin, siteId, [
      { bytes: pngBytes(), filename: 'logo.jpg', contentType: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/\.png$/);
    expect((await publicFile(url)).headers['content-type']).toBe('image/png');
  });

  it('accepts exactly 2 MiB and refuses one byte more, or anything larger', async () => {
    const { siteId, admin } = await siteWithAdmin();
    const limit = SITE_LIMITS.imageMaxBytes;
    expect(limit).toBe(2 * 1024 * 1024);

    const atLimit = pngBytes(4, 4, { padTo: limit });
    expect(atLimit.length).toBe(limit);
    const accepted = await upload('cover', admin, siteId, [{ bytes: atLimit }]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { url } = accepted.json<{ url: string }>();
    expect((await publicFile(url)).rawPayload.equals(atLimit)).toBe(true);

    const tooLarge = 'The image must not be larger than 2 MB';
    for (const size of [limit + 1, limit + 100_000]) {
      const res = await upload('cover', admin, siteId, [{ bytes: pngBytes(4, 4, { padTo: size }) }]);
      expectRefused(res, 'imageTooLarge', tooLarge);
    }
    expect((await siteView(admin, siteId)).cover).toBe(url);
  });

  it('refuses a large upload over a real connection as too large, reading no more than it needs', async () => {
    const { siteId, admin } = await siteWithAdmin();
    const form = new FormData();
    const large = pngBytes(4, 4, { padTo: 6_000_000 }); // beyond the app's 5 MB JSON body limit too
    form.append('image', new Blob([large], { type: 'image/png' }), 'large.png');
    const res = await fetch(`${rt.url}/api/dashboard/sites/logo`, {
      method: 'POST',
      headers: asUser(admin, siteId),
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'The image must not be larger than 2 MB',
      code: 'imageTooLarge',
    });
  });

  it('refuses a text file named logo.png and a GIF', async () => {
    const { siteId, admin } = await siteWithAdmin();
    const notAnImage = 'Only JPEG or PNG images can be uploaded';
    const text = await upload('logo', admin, siteId, [
      { bytes: Buffer.from('definitely not a picture\n'), filename: 'logo.png', contentType: 'image/png' },
    ]);
    expectRefused(text, 'imageType', notAnImage);
    const gif = await upload('logo', admin, siteId, [
      { bytes: GIF_BYTES, filename: 'logo.gif', contentType: 'image/gif' },
    ]);
    expectRefused(gif, 'imageType', notAnImage);
    const cutOff = pngBytes(8, 8);
    const truncated = await upload('logo', admin, siteId, [
      { bytes: cutOff.subarray(0, cutOff.length - 20) },
    ]);
    expectRefused(truncated, 'imageType', notAnImage);
    expect((await siteView(admin, siteId)).logo).toBeNull();
    expect(await fs.readdir(path.join(dataDir, 'files', 'public', 'sites', siteId)).catch(() => [])).toEqual(
      [],
    );
  });

  it('asks for an image when none is sent', async () => {
    const { siteId, admin } = await siteWithAdmin();
    const chooseImage = 'Please choose an image';
    const cases = [
      await upload('logo', admin, siteId, []),
      await upload('logo', admin, siteId, [{ field: 'name', text: 'logo' }]),
      await upload('logo', admin, siteId, [{ field: 'file', bytes: pngBytes() }]),
      await upload('logo', admin, siteId, [{ bytes: Buffer.alloc(0), filename: '' }]),
      await rt.app.inject({
        method: 'POST',
        url: '/api/dashboard/sites/logo',
        headers: asUser(admin, siteId),
      }),
      await rt.app.inject({
        method: 'POST',
        url: '/api/dashboard/sites/cover',
        headers: asUser(admin, siteId),
        payload: { image: 'x' },
      }),
    ];
    for (const res of cases) expectRefused(res, 'imageRequired', chooseImage);
    expect((await siteView(admin, siteId)).logo).toBeNull();
  });

  it('answers a body the multipart parser cannot read with 400, not a server error', async () => {
    const { siteId, admin } = await siteWithAdmin();
    const cutOff =
      '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n' +
      pngBytes().toString('latin1');
    for (const [contentType, payload] of [
      ['multipart/form-data', 'no boundary in the header'],
      ['multipart/form-data; boundary=b', cutOff],
    ] as const) {
      const res = await rt.app.inject({
        method: 'POST',
        url: '/api/dashboard/sites/logo',
        headers: { ...asUser(admin, siteId), 'content-type': contentType },
        payload,
      });
      expectRefused(res, 'uploadMalformed', 'The upload could not be read, please try again');
    }
    expect((await siteView(admin, siteId)).logo).toBeNull();
  });

  it('needs role admin on the selected site', async () => {
    const { siteId, admin } = await siteWithAdmin();
    const image = [{ bytes: pngBytes() }];
    for (const role of ['basic', 'user'] as const) {
      const token = await tokenFor(rt, role, siteId);
      const res = await upload('logo', token, siteId, image);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toMatch(/role/);
    }
    const { demo } = await demoSiteIds(rt);
    const otherSite = await upload('logo', admin, demo, image);
    expect(otherSite.statusCode).toBe(403);
    expect(otherSite.json<{ message: string }>().message).toMatch(/site/);
    const demoAdmin = await loginAs(rt, 'admin@example.com');
    expect((await upload('cover', demoAdmin, siteId, image)).statusCode).toBe(403);
    expect((await siteView(admin, siteId)).logo).toBeNull();
    expect((await upload('logo', admin, siteId, image)).statusCode).toBe(200);
  });

  it('replacing a logo removes the old file; uploading the same image again keeps it', async () => {
    const { siteId, admin } = await siteWithAdmin();
    const first = (await upload('logo', admin, siteId, [{ bytes: pngBytes(2, 2) }])).json<{ url: string }>();
    const cover = (await upload('cover', admin, siteId, [{ bytes: pngBytes(2, 2) }])).json<{ url: string }>();
    const second = await upload('logo', admin, siteId, [{ bytes: pngBytes(3, 3) }]);
    expect(second.statusCode, second.body).toBe(200);
    const { url } = second.json<{ url: string }>();
    expect(url).not.toBe(first.url);

    const old = await publicFile(first.url);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: 'File not found' });
    expect((await publicFile(url)).statusCode).toBe(200);
    // The cover is the other kind: untouched, even though its bytes equal the replaced logo's.
    expect((await publicFile(cover.url)).statusCode).toBe(200);

    const again = await upload('logo', admin, siteId, [{ bytes: pngBytes(3, 3) }]);
    expect(again.json<{ url: string }>().url).toBe(url);
    expect((await publicFile(url)).statusCode).toBe(200);
    expect((await siteView(admin, siteId)).logo).toBe(url);
  });
});

describe('GET /api/files/*', () => {
  it('answers 404 JSON for unknown, folder and malformed keys', async () => {
    const { siteId, admin } = await siteWithAdmin();
    await upload('logo', admin, siteId, [{ bytes: pngBytes() }]);
    for (const url of [
      `/api/files/sites/${siteId}/logo-0000000000000000.png`,
      `/api/files/sites/${siteId}`,
      '/api/files/sites/%2e%2e/%2e%2e/secret',
      '/api/files/..%2f..%2fpackage.json',
      '/api/files/',
    ]) {
      const res = await publicFile(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: expect.any(String) });
    }
  });
});
