import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../runtime';
import { asUser, startTestServer } from '../../../test/helpers';
import type { DeviceRow } from '../../db/tables/devices';
import { members } from '../../db/tables/members';
import { users } from '../../db/tables/users';
import { createRideClub, insertCart, insertRide, type RideClub } from '../guest/guest-rides.test-support';
import { UsageExportRepository } from './usage-export.repository';

/**
 * GET /api/dashboard/rides/chart/rides.csv and /summary.pdf (issue 19) on rides written in the test, in a
 * London club: the language's CSV conventions, names as written, the formula guard, the chart's selection
 * and filters, site scoping, bad input, and a one-page PDF that prints Czech.
 */
let rt: Runtime;
let club: RideClub;
let other: RideClub;
let cartA: DeviceRow;
let cartB: DeviceRow;
let otherCart: DeviceRow;
const CLUB_NAME = 'Řevnice Golf & Country Club';

const utc = (iso: string) => new Date(`${iso}Z`);
/** March 2026 in London: 1 March 00:00 GMT to 1 April 00:00 BST. */
const MARCH = { start: '2026-03-01T00:00:00Z', end: '2026-03-31T23:00:00Z' };

beforeAll(async () => {
  rt = await startTestServer();
  [club, other] = await Promise.all([createRideClub(rt, { name: CLUB_NAME }), createRideClub(rt)]);
  cartA = await insertCart(rt, club.siteId, { carNumber: '2', carName: 'Søren' });
  cartB = await insertCart(rt, club.siteId, { carNumber: '10', carName: 'Ten; "the long one"' });
  otherCart = await insertCart(rt, other.siteId, { carNumber: '2', carName: 'Elsewhere' });
  const [member] = await rt.ctx.db
    .insert(members)
    .values({ siteId: club.siteId, name: 'Bjørn Ærø', email: 'bjorn@example.com' })
    .returning();
  const paid = { serviceId: club.serviceId, priceId: club.dailyPriceId };
  // Tuesday 10 March 09:00 GMT: a member's ride of 1 h 2 min 5 s, 4.25 km, £12.50.
  await insertRide(rt, cartA, {
    ...paid,
    type: 'payment',
    memberId: member!.id,
    start: utc('2026-03-10T09:00:00'),
    end: utc('2026-03-10T10:02:05'),
    duration: 3725,
    distance: 4.25,
    amount: 1250,
  });
  // Saturday 28 March 23:30 GMT, over midnight: a guest whose name a spreadsheet would run as a formula.
  await insertRide(rt, cartB, {
    type: 'booking',
    meta: { name: '=HYPERLINK("http://evil.example")', email: null },
    start: utc('2026-03-28T23:30:00'),
    end: utc('2026-03-29T00:25:00'),
    duration: null,
  });
  // Tuesday 31 March 23:30 BST (22:30 UTC): still March on the site's clock; staff unlocked it.
  await insertRide(rt, cartA, {
    type: 'manual',
    meta: { name: '+44 7700 900123', email: null },
    start: utc('2026-03-31T22:30:00'),
    end: utc('2026-03-31T23:00:00'),
    duration: 1800,
  });
  // Not exported: 1 April on the site's clock, unconfirmed, deleted, another site's.
  await insertRide(rt, cartA, { start: utc('2026-03-31T23:30:00'), meta: { name: 'April', email: null } });
  await insertRide(rt, cartA, {
    start: utc('2026-03-20T08:00:00'),
    confirmed: false,
    status: 'ended',
    meta: { name: 'Unconfirmed', email: null },
  });
  await insertRide(rt, cartA, {
    start: utc('2026-03-21T08:00:00'),
    deleted: true,
    meta: { name: 'Deleted', email: null },
  });
  await insertRide(rt, otherCart, {
    start: utc('2026-03-10T09:00:00'),
    meta: { name: 'Other club', email: null },
  });
});
afterAll(() => rt.stop());

const get = (file: string, query: Record<string, string>, token = club.basic, siteId = club.siteId) =>
  rt.app.inject({
    url: `/api/dashboard/rides/chart/${file}?${new URLSearchParams(query)}`,
    headers: asUser(token, siteId),
  });

async function csv(query: Record<string, string>) {
  const res = await get('rides.csv', query);
  expect(res.statusCode, res.body).toBe(200);
  const bytes = res.rawPayload;
  const text = bytes.toString('utf8');
  return { res, bytes, text, lines: text.slice(1).split('\r\n').filter(Boolean) };
}

describe('GET /rides/chart/rides.csv', () => {
  it('is UTF-8 with a BOM, Danish headers, `;` separators, `,` decimals and names as written', async () => {
    const { res, bytes, lines } = await csv({ ...MARCH, lang: 'da' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="usage-revnice-golf-country-club-2026-03-01-2026-03-31.csv"',
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines).toEqual([
      'Dato;Start;Slut;Bilnummer;Bilnavn;Type;Tjeneste;Pris;Fører;Varighed;Varighed (s);Afstand (km);Beløb;Valuta',
      '10-03-2026;09:00:00;10:02:05;2;Søren;Kortbetaling;18 holes;Guest;Bjørn Ærø;1:02:05;3725;4,3;12,50;GBP',
      // Over midnight: 23:30 to 00:25, 55 minutes from end − start; the formula guarded, then quoted.
      `28-03-2026;23:30:00;00:25:00;10;"Ten; ""the long one""";Booking;;;"'=HYPERLINK(""http://evil.example"")";0:55:00;3300;;;`,
      "31-03-2026;23:30:00;00:00:00;2;Søren;Manuel (dashboard);;;'+44 7700 900123;0:30:00;1800;;;",
    ]);
  });

  it('speaks English with `,` and `.` when asked, quoting a cell with a comma', async () => {
    const { lines } = await csv({ ...MARCH, lang: 'en', device: cartA.id });
    expect(lines[0]).toBe(
      'Date,Start,End,Cart number,Cart name,Type,Service,Price,Driver,Duration,Duration (s),Distance (km),Amount,Currency',
    );
    expect(lines.slice(1)).toEqual([
      '2026-03-10,09:00:00,10:02:05,2,Søren,Card payment,18 holes,Guest,Bjørn Ærø,1:02:05,3725,4.3,12.50,GBP',
      "2026-03-31,23:30:00,00:00:00,2,Søren,Manual (dashboard),,,'+44 7700 900123,0:30:00,1800,,,",
    ]);
  });

  it('applies the cart and origin filters and names the cart in the file name', async () => {
    const { res, lines } = await csv({ ...MARCH, lang: 'cs', device: cartB.id });
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="usage-cart-10-ten-the-long-one-2026-03-01-2026-03-31.csv"',
    );
    expect(lines[0]!.split(';')).toContain('Řidič');
    expect(lines.slice(1).map((line) => line.slice(0, 10))).toEqual(['28.03.2026']);
    const manual = await csv({ ...MARCH, lang: 'de', origin: 'manual' });
    expect(manual.lines.slice(1).map((line) => line.split(';')[5])).toEqual(['Manuell (Dashboard)']);
    const bookings = await csv({ ...MARCH, origin: 'booking' });
    expect(bookings.lines).toHaveLength(2);
  });

  it("never shows another site's rides, nor unconfirmed, deleted or out-of-range ones", async () => {
    const { text, lines } = await csv(MARCH);
    expect(lines).toHaveLength(4);
    for (const name of ['Other club', 'Elsewhere', 'April', 'Unconfirmed', 'Deleted'])
      expect(text).not.toContain(name);
    const theirs = await get('rides.csv', MARCH, other.basic, other.siteId);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).toContain('Other club');
    expect(theirs.body).not.toContain('Bjørn');
  });

  it("answers 403 to another site's staff and 404 for another site's cart", async () => {
    const res = await get('rides.csv', MARCH, other.basic, club.siteId);
    expect(res.statusCode).toBe(403);
    const cart = await get('rides.csv', { ...MARCH, device: otherCart.id });
    expect(cart.statusCode).toBe(404);
    expect(cart.json<{ message: string }>().message).toBe('Cart not found');
  });

  it("speaks the asking user's language when none is asked", async () => {
    const basicUser = sql`${users.role} = 'basic' AND ${users.sites} @> ARRAY[${club.siteId}::uuid]`;
    const english = await csv(MARCH);
    expect(english.lines[0]).toMatch(/^Date,Start,/);
    await rt.ctx.db.update(users).set({ lang: 'cs' }).where(basicUser);
    const czech = await csv(MARCH);
    await rt.ctx.db.update(users).set({ lang: 'en' }).where(basicUser);
    expect(czech.lines[0]).toMatch(/^Datum;Začátek;/);
  });

  it.each([
    [{ end: MARCH.end }, /^start: /],
    [{ start: MARCH.end, end: MARCH.start }, /^end: Must be after start/],
    [{ ...MARCH, origin: 'guest' }, /^origin: /],
    [{ ...MARCH, device: 'cart-7' }, /^device: /],
    [{ ...MARCH, lang: 'fr' }, /^lang: /],
  ])('answers 400 naming the field for %j', async (query, message) => {
    for (const file of ['rides.csv', 'summary.pdf']) {
      const res = await get(file, query as Record<string, string>);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists both exports with their file types and the lang parameter', async () => {
    const res = await rt.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode, res.body).toBe(200);
    type Operation = {
      description?: string;
      parameters?: Array<{ name: string; in: string }>;
    };
    const paths = res.json<{ paths: Record<string, { get?: Operation }> }>().paths;
    for (const [path, type] of [
      ['/api/dashboard/rides/chart/rides.csv', 'text/csv'],
      ['/api/dashboard/rides/chart/summary.pdf', 'application/pdf'],
    ] as const) {
      const operation = paths[path]?.get;
      expect(operation, path).toBeDefined();
      // OpenAPI 3 has no `produces`: the description names the file type.
      expect(operation!.description).toContain(`Answers ${type}`);
      expect(operation!.parameters?.map((parameter) => parameter.name)).toEqual(
        expect.arrayContaining(['start', 'end', 'device', 'origin', 'lang']),
      );
    }
  });
});

describe('the rides in batches', () => {
  it('reads every ride once across batches, rides with the same start included', async () => {
    const batches = await createRideClub(rt);
    const carts = await Promise.all([1, 2, 3, 4, 5].map(() => insertCart(rt, batches.siteId)));
    const start = utc('2026-05-02T10:00:00');
    // Five rides at the very same instant and two later: batches of 2 must cut between equal starts.
    const written = [
      ...(await Promise.all(carts.map((cart) => insertRide(rt, cart, { start })))),
      await insertRide(rt, carts[0]!, { start: utc('2026-05-03T10:00:00') }),
      await insertRide(rt, carts[1]!, { start: utc('2026-05-04T10:00:00') }),
    ];
    const repository = new UsageExportRepository(rt.ctx.db);
    const sizes: number[] = [];
    const seen: string[] = [];
    for await (const batch of repository.rides(
      {
        siteId: batches.siteId,
        timezone: 'Europe/London',
        start: utc('2026-05-01T00:00:00'),
        end: utc('2026-06-01T00:00:00'),
        deviceId: null,
        types: null,
      },
      2,
    )) {
      sizes.push(batch.length);
      seen.push(...batch.map((ride) => `${ride.carNumber}@${ride.start.toISOString()}`));
    }
    expect(sizes).toEqual([2, 2, 2, 1]);
    expect(seen.sort()).toEqual(
      written.map((ride) => `${ride.carNumber}@${ride.start.toISOString()}`).sort(),
    );
  });
});

const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

/** The PDF's page count and the text of its first page, as a reader extracts it. */
async function readPdf(bytes: Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false })
    .promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
  return { pages: doc.numPages, view: page.view, text };
}

describe('GET /rides/chart/summary.pdf', () => {
  it('is a one-page A4 PDF with the club, the range, the cards and the charts', async () => {
    const res = await get('summary.pdf', { ...MARCH, lang: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="usage-revnice-golf-country-club-2026-03-01-2026-03-31.pdf"',
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    const [, , width, height] = pdf.view as number[];
    expect(width).toBeCloseTo((210 * 72) / 25.4, 1);
    expect(height).toBeCloseTo((297 * 72) / 25.4, 1);
    const lines = pdf.text.split('\n');
    expect(lines).toContain(CLUB_NAME);
    expect(lines).toContain('Usage summary · 1 March 2026 – 31 March 2026');
    expect(lines).toContain('Total rounds');
    // Three rounds; 3725, 3300 and 1800 s are too few for outliers: the average is 2 h 28 m 25 s / 3.
    expect(lines).toContain('3');
    expect(lines).toContain('49 m 2 s');
    expect(lines).toContain('3 rides counted, 0 outliers left out');
    expect(lines).toContain('Rounds per day');
    expect(lines).toContain('Rounds by weekday and hour');
    expect(lines).toContain('2 · Søren');
  });

  it('prints Czech, ř and all, in the language asked', async () => {
    const res = await get('summary.pdf', { ...MARCH, lang: 'cs', origin: 'booking' });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    const lines = pdf.text.split('\n');
    expect(lines).toContain(CLUB_NAME);
    expect(lines.some((line) => line.startsWith('Přehled využití · 1. března 2026'))).toBe(true);
    expect(lines).toContain('Jízdy: Rezervace');
    expect(lines).toContain('Kola podle dne v týdnu a hodiny');
  });

  it("answers 403 to another site's staff", async () => {
    const res = await get('summary.pdf', MARCH, other.basic, club.siteId);
    expect(res.statusCode).toBe(403);
  });
});
