import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAMAGE_REPORT_LIMITS,
  type BookingView,
  type DamageReportReceipt,
  type DamageReportView,
  type GuestCartView,
} from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, loginAs, startTestServer } from '../../../test/helpers';
import { connectSocket, request, type TestSocket } from '../../../test/fleet-fixtures';
import { nextPush } from '../../../test/socket-push';
import { activity } from '../../db/tables/activity';
import { bookings } from '../../db/tables/bookings';
import { damageReports } from '../../db/tables/damage-reports';
import { devices } from '../../db/tables/devices';
import { sites } from '../../db/tables/sites';
import { cartBookingsNow } from '../bookings/cart-bookings';
import { tokenFor } from '../members/members.test-support';
import { createUser, TEST_PASSWORD } from '../users/users.test-support';

/**
 * Issue 23 item 4 (server): guests' damage reports. The photo is a real camera-style JPEG (EXIF orientation
 * and GPS) decoded by sharp; the limits, the maintenance block through the bookings' constraint, staff
 * lists and resolve with roles and sites, and the socket push, on a club of this file's own.
 */

let rt: Runtime;
let dataDir: string;
let siteId: string;
let otherSiteId: string;
/** role user on the club */
let operator: string;
let operatorEmail: string;
/** role basic on the club */
let basic: string;
/** role user on the other club only */
let outsider: string;

const HOUR = 3_600_000;
let addresses = 0;
/** Each test reports from addresses of its own: the per-address limit counts across the whole file. */
const newAddress = () => `203.0.113.${++addresses}`;

async function newSite(name: string): Promise<string> {
  const [site] = await rt.ctx.db
    .insert(sites)
    .values({
      name: `${name} ${randomUUID().slice(0, 8)}`,
      country: 'Denmark',
      currency: 'DKK',
      centerLatLong: '55.676100, 12.568300',
      timezone: 'Europe/Copenhagen',
      // Open round the clock, so the guest page says AVAILABLE whenever the test runs.
      openingHours: Array.from({ length: 7 }, () => ({ openTime: '00:00', closeTime: '24:00' })),
    })
    .returning();
  return site!.id;
}

/** A cart at the club, online and locked: AVAILABLE to a guest until something takes it out. */
async function newCart(site = siteId): Promise<string> {
  const [row] = await rt.ctx.db
    .insert(devices)
    .values({
      serial: `DMG-${randomUUID().slice(0, 12)}`,
      secretHash: 'x'.repeat(64),
      siteId: site,
      carNumber: String(Math.floor(Math.random() * 900_000) + 100_000),
      online: true,
      lastReportAt: new Date(),
      lockStatus: 1,
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fairway-damage-'));
  rt = await startTestServer({ DATA_DIR: dataDir });
  siteId = await newSite('Damage Club');
  otherSiteId = await newSite('Other Damage Club');
  const user = await createUser(rt, { role: 'user', sites: [siteId] });
  operatorEmail = user.email;
  [operator, basic, outsider] = await Promise.all([
    loginAs(rt, user.email, TEST_PASSWORD),
    tokenFor(rt, 'basic', siteId),
    tokenFor(rt, 'user', otherSiteId),
  ]);
});
afterAll(async () => {
  await rt.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

interface FilePart {
  filename?: string;
  contentType?: string;
  bytes: Buffer;
}

/** A multipart/form-data body built by hand, so each test controls names, types and bytes exactly. */
function multipart(fields: Record<string, string>, photo?: FilePart) {
  const boundary = `fairway-${randomUUID()}`;
  const chunks: Buffer[] = Object.entries(fields).flatMap(([name, text]) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`),
  ]);
  if (photo)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; ` +
          `filename="${photo.filename ?? 'IMG_0001.jpg'}"\r\nContent-Type: ${photo.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      photo.bytes,
      Buffer.from('\r\n'),
    );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const report = (deviceId: string, address: string, fields: Record<string, string>, photo?: FilePart) => {
  const body = multipart(fields, photo);
  return rt.app.inject({
    method: 'POST',
    url: `/api/guest/devices/${deviceId}/damage-reports`,
    headers: body.headers,
    payload: body.payload,
    remoteAddress: address,
  });
};

async function reported(deviceId: string, category: string, address = newAddress()) {
  const res = await report(deviceId, address, { category, description: `A ${category} report` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DamageReportReceipt>();
}

const staff = (method: 'GET' | 'POST', url: string, token = operator, site = siteId) =>
  rt.app.inject({ method, url: `/api/dashboard/damage-reports${url}`, headers: asUser(token, site) });

const cartReports = async (deviceId: string): Promise<DamageReportView[]> => {
  const res = await staff('GET', `/devices/${deviceId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DamageReportView[]>();
};

const resolve = (reportId: string, token = operator, site = siteId) =>
  staff('POST', `/${reportId}/resolve`, token, site);

const guestStatus = async (deviceId: string) => {
  const res = await rt.app.inject({ url: `/api/guest/devices/${deviceId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GuestCartView>().status;
};

const maintenanceNow = async (deviceId: string) =>
  (await cartBookingsNow(rt.ctx.db, deviceId, new Date())).maintenanceNow;

const reportRows = (deviceId: string) =>
  rt.ctx.db.select().from(damageReports).where(eq(damageReports.deviceId, deviceId));

/** Every stored photo of the club (the local private store: DATA_DIR/files/private). */
async function storedPhotos(site = siteId): Promise<string[]> {
  const folder = path.join(dataDir, 'files', 'private', 'damage-reports', site);
  return fs.readdir(folder).catch(() => []);
}

/**
 * A phone camera's JPEG: 2400 × 1600 pixels stored sideways with EXIF orientation 6 (turn 90° clockwise to
 * view), a camera make and a GPS position. Stored left half red, right half blue: upright, red is on top.
 */
async function cameraJpeg(): Promise<Buffer> {
  const width = 2400;
  const height = 1600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'FairwayTestPhone', Model: 'Camera 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '55/1 40/1 30/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '12/1 34/1 5/1',
      },
    })
    .toBuffer();
}

/** The average colour of a horizontal band of the image (fractions of its height). */
async function bandColour(jpeg: Buffer, from: number, to: number) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.floor(info.height * from); y < Math.floor(info.height * to); y++)
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      sum[0]! += data[i]!;
      sum[1]! += data[i + 1]!;
      sum[2]! += data[i + 2]!;
      n++;
    }
  return sum.map((value) => value / n);
}

/** The GPS IFD pointer tag (0x8825) in either TIFF byte order: the EXIF block carries a position. */
const hasGpsIfd = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

describe('POST /api/guest/devices/:deviceId/damage-reports', () => {
  it('stores a camera photo upright, within 1600 px, as a JPEG without EXIF or GPS, under a random name', async () => {
    const cart = await newCart();
    const photo = await cameraJpeg();
    const original = await sharp(photo).metadata();
    // The fixture really carries what must not survive.
    expect(original.orientation).toBe(6);
    expect(hasGpsIfd(original.exif)).toBe(true);
    expect(photo.includes(Buffer.from('FairwayTestPhone'))).toBe(true);

    const res = await report(
      cart,
      newAddress(),
      { category: 'dirty', description: '  Mud all over the seats  ' },
      { bytes: photo, filename: 'IMG_4711 at home.jpg' },
    );

    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json<DamageReportReceipt>();
    expect(receipt).toMatchObject({ category: 'dirty', cartBlocked: false });
    const [listed] = await cartReports(cart);
    expect(listed).toMatchObject({
      _id: receipt._id,
      deviceId: cart,
      siteId,
      category: 'dirty',
      description: 'Mud all over the seats',
      status: 'open',
      blockId: null,
      resolvedAt: null,
      resolvedBy: null,
    });
    // Served by this server through a signed, expiring address; named by a random id, not the guest's file.
    expect(listed!.photoUrl).toMatch(
      new RegExp(
        `^/api/signed-files/damage-reports/${siteId}/[0-9a-f-]{36}\\.jpg\\?expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );
    expect(await storedPhotos()).toHaveLength(1);

    const file = await rt.app.inject({ url: listed!.photoUrl! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const stored = file.rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    // Turned upright (portrait), shrunk to fit inside 1600 px.
    expect([meta.width, meta.height]).toEqual([1067, 1600]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes(Buffer.from('FairwayTestPhone'))).toBe(false);
    expect(stored.includes(Buffer.from('Exif'))).toBe(false);
    const [top, bottom] = await Promise.all([bandColour(stored, 0, 0.4), bandColour(stored, 0.6, 1)]);
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);

    const [entry] = await rt.ctx.db
      .select()
      .from(activity)
      .where(and(eq(activity.deviceId, cart), eq(activity.type, 'damage_reported')));
    expect(entry).toMatchObject({ siteId, data: { reportId: receipt._id, category: 'dirty', photo: true } });
  });

  it('keeps a small photo at its size, and takes a PNG as a JPEG', async () => {
    const cart = await newCart();
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 0, g: 128, b: 0 } },
    })
      .png()
      .toBuffer();
    const res = await report(
      cart,
      newAddress(),
      { category: 'other' },
      { bytes: png, filename: 'x.png', contentType: 'image/png' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const [listed] = await cartReports(cart);
    const file = await rt.app.inject({ url: listed!.photoUrl! });
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 640, 480]);
  });

  it('refuses what is not a photo it can read, and stores nothing', async () => {
    const cart = await newCart();
    const address = newAddress();
    const before = await storedPhotos();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const cutOff = (await cameraJpeg()).subarray(0, 5_000);
    for (const bytes of [Buffer.from('#!/bin/sh\nrm -rf /\n'), svg, cutOff]) {
      const res = await report(cart, address, { category: 'damage' }, { bytes, filename: 'photo.jpg' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        message: 'The photo is not an image we can read',
        code: 'photoNotAnImage',
      });
    }
    expect(await reportRows(cart)).toEqual([]);
    expect(await storedPhotos()).toEqual(before);
    // Nothing took the cart out either.
    expect(await maintenanceNow(cart)).toBe(false);
  });

  it('refuses bad fields and unknown carts with 400 and 404', async () => {
    const cart = await newCart();
    const address = newAddress();
    const bad: Record<string, string>[] = [
      { category: 'exploded' },
      {},
      { category: 'other', description: 'x'.repeat(DAMAGE_REPORT_LIMITS.descriptionMax + 1) },
      { category: 'other', description: 'bell\u0007' },
    ];
    for (const fields of bad) {
      const res = await report(cart, address, fields);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('invalidField');
    }
    const notMultipart = await rt.app.inject({
      method: 'POST',
      url: `/api/guest/devices/${cart}/damage-reports`,
      payload: { category: 'other' },
      remoteAddress: address,
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(await reportRows(cart)).toEqual([]);

    const unknown = await report(randomUUID(), address, { category: 'other' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Cart not found', code: 'cartNotFound' });
  });

  it('answers 413 for a photo over the size limit, and stores nothing', async () => {
    const cart = await newCart();
    const before = await storedPhotos();
    const res = await report(
      cart,
      newAddress(),
      { category: 'flat_tyre' },
      { bytes: Buffer.alloc(DAMAGE_REPORT_LIMITS.photoMaxBytes + 1, 0xff) },
    );
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({ message: 'The photo must not be larger than 10 MB', code: 'photoTooLarge' });
    expect(await reportRows(cart)).toEqual([]);
    expect(await storedPhotos()).toEqual(before);
    expect(await maintenanceNow(cart)).toBe(false);
  });

  it('limits reports per cart and per address within an hour (429 with the wait)', async () => {
    const [cartA, cartB, cartC, cartD] = await Promise.all([newCart(), newCart(), newCart(), newCart()]);
    for (let i = 0; i < DAMAGE_REPORT_LIMITS.perCartPerHour; i++) await reported(cartA, 'dirty');
    const overCart = await report(cartA, newAddress(), { category: 'dirty' });
    expect(overCart.statusCode).toBe(429);
    const cartBody = overCart.json<{ message: string; code: string; retryAfter: number }>();
    expect(cartBody.code).toBe('rateLimited');
    expect(cartBody.message).toMatch(/^This cart has already been reported several times in the last hour/);
    expect(cartBody.retryAfter).toBeGreaterThan(HOUR / 1000 - 120);
    expect(cartBody.retryAfter).toBeLessThanOrEqual(HOUR / 1000);
    expect(overCart.headers['retry-after']).toBe(String(cartBody.retryAfter));

    const address = newAddress();
    const half = DAMAGE_REPORT_LIMITS.perAddressPerHour / 2;
    for (let i = 0; i < half; i++) await reported(cartB, 'other', address);
    for (let i = 0; i < half; i++) await reported(cartC, 'other', address);
    const overAddress = await report(cartD, address, { category: 'other' });
    expect(overAddress.statusCode).toBe(429);
    expect(overAddress.json<{ message: string }>().message).toMatch(/^Too many reports from your connection/);
    // Refused before anything was stored; another address still reaches cart D.
    expect(await reportRows(cartD)).toEqual([]);
    await reported(cartD, 'other');
    // Counted by a keyed hash, never the address itself.
    const rows = await reportRows(cartB);
    expect(rows[0]!.reporterHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.reporterHash).not.toContain(address);
  });
});

describe('maintenance blocks of blocking reports', () => {
  it('takes the cart out of use until the report is resolved', async () => {
    const cart = await newCart();
    expect(await guestStatus(cart)).toBe('AVAILABLE');

    const receipt = await reported(cart, 'flat_tyre');
    expect(receipt.cartBlocked).toBe(true);
    expect(await guestStatus(cart)).toBe('OUT_OF_SERVICE');
    const [listed] = await cartReports(cart);
    const [block] = await rt.ctx.db.select().from(bookings).where(eq(bookings.id, listed!.blockId!));
    expect(block).toMatchObject({ deviceId: cart, bookingType: 'cart_maintenance', status: 'confirmed' });
    // Thirty days, as nothing is booked on the cart.
    expect(+block!.end - +block!.start).toBe(30 * 24 * HOUR);
    // The desk cannot book over it.
    const start = new Date(Date.now() + HOUR).toISOString();
    const desk = await rt.app.inject({
      method: 'POST',
      url: '/api/dashboard/bookings',
      headers: asUser(operator, siteId),
      payload: {
        start,
        end: new Date(Date.now() + 2 * HOUR).toISOString(),
        device: cart,
        bookingType: 'cart_maintenance',
        name: '',
      },
    });
    expect(desk.statusCode, desk.body).toBe(409);

    const res = await resolve(receipt._id);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<DamageReportView>();
    expect(view).toMatchObject({ status: 'resolved', resolvedBy: operatorEmail, blockId: block!.id });
    expect(await maintenanceNow(cart)).toBe(false);
    expect(await guestStatus(cart)).toBe('AVAILABLE');
    const [ended] = await rt.ctx.db.select().from(bookings).where(eq(bookings.id, block!.id));
    expect(+ended!.end).toBe(Date.parse(view.resolvedAt!));

    const again = await resolve(receipt._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'status: This report is already resolved',
      code: 'alreadyResolved',
    });
    const entries = await rt.ctx.db
      .select({ type: activity.type, data: activity.data })
      .from(activity)
      .where(and(eq(activity.deviceId, cart), eq(activity.type, 'damage_report_resolved')));
    expect(entries).toEqual([
      { type: 'damage_report_resolved', data: expect.objectContaining({ blockEnded: true }) },
    ]);
  });

  it('ends the block before the next booking, joins a current block, and keeps it while a report is open', async () => {
    const cart = await newCart();
    // A booking on the cart in three hours: the block stops where it starts.
    const bookingStart = new Date(Math.ceil((Date.now() + 3 * HOUR) / 300_000) * 300_000);
    await rt.ctx.db.insert(bookings).values({
      siteId,
      deviceId: cart,
      start: bookingStart,
      end: new Date(+bookingStart + HOUR),
      blockedUntil: new Date(+bookingStart + HOUR + 20 * 60_000),
      name: 'Booked guest',
      code: String(100_000 + Math.floor(Math.random() * 899_999)),
    });

    const first = await reported(cart, 'battery');
    const second = await reported(cart, 'damage');
    const [firstRow] = await rt.ctx.db.select().from(damageReports).where(eq(damageReports.id, first._id));
    const [secondRow] = await rt.ctx.db.select().from(damageReports).where(eq(damageReports.id, second._id));
    expect(secondRow!.blockId).toBe(firstRow!.blockId);
    const [block] = await rt.ctx.db.select().from(bookings).where(eq(bookings.id, firstRow!.blockId!));
    expect(+block!.end).toBe(+bookingStart);

    expect((await resolve(first._id)).statusCode).toBe(200);
    expect(await maintenanceNow(cart)).toBe(true);
    expect((await resolve(second._id)).statusCode).toBe(200);
    expect(await maintenanceNow(cart)).toBe(false);
  });

  it('leaves a block staff made to staff', async () => {
    const cart = await newCart();
    const [staffBlock] = await rt.ctx.db
      .insert(bookings)
      .values({
        siteId,
        deviceId: cart,
        bookingType: 'cart_maintenance',
        start: new Date(Date.now() - HOUR),
        end: new Date(Date.now() + 5 * HOUR),
        blockedUntil: new Date(Date.now() + 5 * HOUR),
      })
      .returning();
    const receipt = await reported(cart, 'flat_tyre');
    expect(receipt.cartBlocked).toBe(true);
    const res = await resolve(receipt._id);
    expect(res.json<DamageReportView>().blockId).toBe(staffBlock!.id);
    const [after] = await rt.ctx.db.select().from(bookings).where(eq(bookings.id, staffBlock!.id));
    expect(after!.end).toEqual(staffBlock!.end);
    expect(await maintenanceNow(cart)).toBe(true);
  });
});

describe('staff routes', () => {
  it("lists a cart's reports open first, and the site's open ones", async () => {
    const cart = await newCart();
    const older = await reported(cart, 'dirty');
    const newer = await reported(cart, 'other');
    const newest = await reported(cart, 'dirty');
    expect((await resolve(newest._id)).statusCode).toBe(200);

    expect((await cartReports(cart)).map((view) => [view._id, view.status])).toEqual([
      [newer._id, 'open'],
      [older._id, 'open'],
      [newest._id, 'resolved'],
    ]);
    const open = await staff('GET', '/');
    expect(open.statusCode).toBe(200);
    const ids = open.json<DamageReportView[]>().map((view) => view._id);
    expect(ids).toEqual(expect.arrayContaining([older._id, newer._id]));
    expect(ids).not.toContain(newest._id);
    expect(
      open.json<DamageReportView[]>().every((view) => view.status === 'open' && view.siteId === siteId),
    ).toBe(true);
  });

  it('is for role user and up, and answers another site as missing', async () => {
    const cart = await newCart();
    const receipt = await reported(cart, 'other');

    for (const res of [
      await staff('GET', '/', basic),
      await staff('GET', `/devices/${cart}`, basic),
      await resolve(receipt._id, basic),
    ])
      expect(res.statusCode).toBe(403);
    // A site the caller does not hold is refused; this club's objects from the caller's own club are missing.
    expect((await staff('GET', '/', outsider)).statusCode).toBe(403);
    const foreignCart = await staff('GET', `/devices/${cart}`, outsider, otherSiteId);
    expect(foreignCart.statusCode).toBe(404);
    expect((await resolve(receipt._id, outsider, otherSiteId)).statusCode).toBe(404);
    expect((await staff('GET', '/', outsider, otherSiteId)).json()).toEqual([]);
    expect((await staff('GET', `/devices/${cart}`)).json<DamageReportView[]>()[0]!.status).toBe('open');
    expect((await resolve(randomUUID())).statusCode).toBe(404);
  });
});

describe('realtime', () => {
  let socket: TestSocket;
  afterAll(() => socket?.close());

  it("pushes damage-report:update to the site's staff on a report and on its resolve", async () => {
    socket = await connectSocket(rt, operator);
    expect(await request(socket, 'join:site', siteId)).toEqual({ ok: true, data: undefined });
    const cart = await newCart();

    const reportedPush = new Promise<DamageReportView>((resolvePush) =>
      socket.once('damage-report:update', resolvePush),
    );
    const receipt = await reported(cart, 'flat_tyre');
    const pushed = await reportedPush;
    expect(pushed).toMatchObject({ _id: receipt._id, deviceId: cart, status: 'open', category: 'flat_tyre' });
    expect(pushed.blockId).not.toBeNull();

    // The block's own push from the report may still be on its way: wait for the one that ends it.
    const blockPush = nextPush<'booking:update', BookingView>(
      socket,
      'booking:update',
      pushed.blockId!,
      (view) => Date.parse(view.end) <= Date.now(),
    );
    const resolvedPush = nextPush<'damage-report:update', DamageReportView>(
      socket,
      'damage-report:update',
      receipt._id,
      (view) => view.status === 'resolved',
    );
    expect((await resolve(receipt._id)).statusCode).toBe(200);
    expect((await resolvedPush).resolvedBy).toBe(operatorEmail);
    expect(Date.parse((await blockPush).end)).toBeLessThanOrEqual(Date.now());
  });
});
