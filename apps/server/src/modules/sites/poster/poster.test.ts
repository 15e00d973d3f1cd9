import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { getDocument, OPS, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_LANGS } from '@fairway/domain';
import type { Runtime } from '../../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../../test/helpers';
import { freshSite, tokenFor } from '../../members/members.test-support';
import { jpegBytes, pngBytes } from '../image-content.test-support';
import { buildPosterPdf, type PosterInput } from './poster.pdf';
import { POSTER_TEXTS } from './poster.texts';

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };
const SITE_URL = 'https://fairway.example.com/guest/site/0b7c2c1e-7f2a-4f0e-9d7e-2d6f3c1a9b10';

const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

async function firstPage(pdf: Uint8Array): Promise<PDFPageProxy> {
  // pdfjs takes ownership of (detaches) the array it is given: hand it a copy.
  const doc = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, isEvalSupported: false })
    .promise;
  expect(doc.numPages).toBe(1);
  return doc.getPage(1);
}

/** A box in page coordinates (points, origin bottom left). */
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
type Matrix = [number, number, number, number, number, number];

/** `outer` after `inner`: what a `cm` with `inner` does to the current transformation matrix `outer`. */
const concat = (outer: Matrix, inner: Matrix): Matrix => [
  outer[0] * inner[0] + outer[2] * inner[1],
  outer[1] * inner[0] + outer[3] * inner[1],
  outer[0] * inner[2] + outer[2] * inner[3],
  outer[1] * inner[2] + outer[3] * inner[3],
  outer[0] * inner[4] + outer[2] * inner[5] + outer[4],
  outer[1] * inner[4] + outer[3] * inner[5] + outer[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];
const boxOf = (points: Array<[number, number]>): Box => ({
  x0: Math.min(...points.map((p) => p[0])),
  y0: Math.min(...points.map((p) => p[1])),
  x1: Math.max(...points.map((p) => p[0])),
  y1: Math.max(...points.map((p) => p[1])),
});

/** pdfjs-dist 5 DrawOPS codes inside a constructPath buffer. */
const DRAW = { moveTo: 0, lineTo: 1, curveTo: 2, quadraticCurveTo: 3, closePath: 4 } as const;
const FILLS = new Set<number>([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke]);

/**
 * What the page paints, in page coordinates: every filled axis-aligned rectangle and every image's box.
 * pdfjs-dist 5 hands paths over as `constructPath [paintOp, [Float32Array of DrawOPS], minMax]` in user
 * space, so the transformation matrix is followed through save/restore/transform to place them.
 */
async function paintedShapes(page: PDFPageProxy): Promise<{ rectangles: Box[]; images: Box[] }> {
  const { fnArray, argsArray } = await page.getOperatorList();
  const rectangles: Box[] = [];
  const images: Box[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const saved: Matrix[] = [];
  fnArray.forEach((fn, index) => {
    const args = argsArray[index] as unknown[];
    if (fn === OPS.save) saved.push(ctm);
    else if (fn === OPS.restore) ctm = saved.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = concat(ctm, args as Matrix);
    else if (fn === OPS.paintImageXObject)
      images.push(boxOf([apply(ctm, 0, 0), apply(ctm, 1, 0), apply(ctm, 0, 1), apply(ctm, 1, 1)]));
    else if (fn === OPS.constructPath && FILLS.has(args[0] as number)) {
      const [buffer] = args[1] as [Float32Array];
      let points: Array<[number, number]> = [];
      for (let i = 0; i < buffer.length;) {
        const op = buffer[i++];
        if (op === DRAW.moveTo || op === DRAW.lineTo) {
          points.push(apply(ctm, buffer[i]!, buffer[i + 1]!));
          i += 2;
        } else if (op === DRAW.closePath) {
          expect(points, 'a filled subpath is a rectangle').toHaveLength(4);
          const box = boxOf(points);
          // Axis-aligned: every corner lies on the box's edges.
          for (const [x, y] of points) {
            expect(Math.min(Math.abs(x - box.x0), Math.abs(x - box.x1))).toBeLessThan(1e-3);
            expect(Math.min(Math.abs(y - box.y0), Math.abs(y - box.y1))).toBeLessThan(1e-3);
          }
          rectangles.push(box);
          points = [];
        } else throw new Error(`unexpected path operator ${op} in a filled path`);
      }
    }
  });
  return { rectangles, images };
}

interface QrOnPage {
  extent: Box;
  moduleSize: number;
  modules: number;
  text: string | null;
  /** From the symbol's format information: 'L', 'M', 'Q' or 'H'. */
  errorCorrection: string;
}

/**
 * The error correction level a symbol was made with (jsQR does not report it). ISO/IEC 18004 §7.9: the
 * 15 format bits, bit i at column 8 of rows 0–5, 7, 8 (i < 8) and of row size − 15 + i (i ≥ 8), masked
 * with 0x5412; the top two data bits name the level.
 */
function errorCorrectionLevel(dark: boolean[][]): string {
  const size = dark.length;
  let bits = 0;
  for (let i = 0; i < 15; i += 1) {
    const row = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    if (dark[row]![8]) bits |= 1 << i;
  }
  return ['M', 'L', 'H', 'Q'][((bits ^ 0x5412) >> 13) & 3]!;
}

/**
 * Puts the rectangles back on the module grid, draws them into a bitmap (4 px per module, 4 white modules
 * of quiet zone) and lets jsQR read it, as a phone camera would read the print.
 */
function readQr(rectangles: Box[]): QrOnPage {
  const extent = {
    x0: Math.min(...rectangles.map((r) => r.x0)),
    y0: Math.min(...rectangles.map((r) => r.y0)),
    x1: Math.max(...rectangles.map((r) => r.x1)),
    y1: Math.max(...rectangles.map((r) => r.y1)),
  };
  const moduleSize = Math.min(...rectangles.map((r) => r.y1 - r.y0));
  const modules = Math.round((extent.x1 - extent.x0) / moduleSize);
  const onGrid = (value: number) => {
    const cell = value / moduleSize;
    expect(Math.abs(cell - Math.round(cell)), 'rectangle edges lie on the module grid').toBeLessThan(0.01);
    return Math.round(cell);
  };
  const scale = 4;
  const quiet = 4;
  const side = (modules + 2 * quiet) * scale;
  const dark = Array.from({ length: modules }, () => Array<boolean>(modules).fill(false));
  for (const r of rectangles) {
    const [c0, c1] = [onGrid(r.x0 - extent.x0), onGrid(r.x1 - extent.x0)];
    const [row0, row1] = [onGrid(extent.y1 - r.y1), onGrid(extent.y1 - r.y0)];
    for (let row = row0; row < row1; row += 1) for (let c = c0; c < c1; c += 1) dark[row]![c] = true;
  }
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  dark.forEach((cells, row) =>
    cells.forEach((isDark, column) => {
      if (!isDark) return;
      for (let py = (row + quiet) * scale; py < (row + quiet + 1) * scale; py += 1)
        for (let px = (column + quiet) * scale; px < (column + quiet + 1) * scale; px += 1)
          pixels.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3);
    }),
  );
  return {
    extent,
    moduleSize,
    modules,
    text: jsQR(pixels, side, side)?.data ?? null,
    errorCorrection: errorCorrectionLevel(dark),
  };
}

async function textLines(page: PDFPageProxy): Promise<Array<{ str: string; box: Box }>> {
  const content = await page.getTextContent();
  return content.items
    .filter((item) => 'str' in item && item.str.trim() !== '')
    .map((item) => {
      const { str, transform, width, height } = item as {
        str: string;
        transform: number[];
        width: number;
        height: number;
      };
      const [x, y] = [transform[4]!, transform[5]!];
      // From the baseline: descenders reach about a quarter of the size below it.
      return { str, box: { x0: x, y0: y - height * 0.25, x1: x + width, y1: y + height } };
    });
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

const poster = (input: Partial<PosterInput> = {}) =>
  buildPosterPdf({ siteName: 'Demo Golf Club', url: SITE_URL, lang: 'en', ...input });

describe('buildPosterPdf', () => {
  it('is exactly A4', async () => {
    const page = await firstPage((await poster()).pdf);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    expect(x0).toBe(0);
    expect(y0).toBe(0);
    expect(Math.abs(x1 - A4.width)).toBeLessThan(0.01);
    expect(Math.abs(y1 - A4.height)).toBeLessThan(0.01);
    expect(Math.abs(x1 - 595.2756)).toBeLessThan(0.01);
    expect(Math.abs(y1 - 841.8898)).toBeLessThan(0.01);
  });

  it('draws a 138 mm square QR code, centred, that reads back as the guest site URL', async () => {
    const page = await firstPage((await poster()).pdf);
    const { rectangles } = await paintedShapes(page);
    const qr = readQr(rectangles);

    const width = qr.extent.x1 - qr.extent.x0;
    const height = qr.extent.y1 - qr.extent.y0;
    expect(Math.abs(width / MM - 138)).toBeLessThan(0.1);
    expect(Math.abs(height / MM - 138)).toBeLessThan(0.1);
    expect(Math.abs(width - height)).toBeLessThan(0.01);
    expect(Math.abs((qr.extent.x0 + qr.extent.x1) / 2 - A4.width / 2)).toBeLessThan(0.01);
    expect(qr.text).toBe(SITE_URL);
    expect(qr.errorCorrection).toBe('M');
    // Horizontal runs are merged: fewer rectangles than dark modules, each one module high.
    expect(rectangles.length).toBeLessThan(qr.modules * qr.modules * 0.5);
    expect(rectangles.every((r) => Math.abs(r.y1 - r.y0 - qr.moduleSize) < 0.001)).toBe(true);
  });

  it('keeps a blank quiet zone of 4 modules around the code, inside the page', async () => {
    const page = await firstPage((await poster({ logo: pngBytes(300, 100) })).pdf);
    const { rectangles, images } = await paintedShapes(page);
    const { extent, moduleSize } = readQr(rectangles);
    const quiet = 4 * moduleSize;
    const zone = {
      x0: extent.x0 - quiet,
      y0: extent.y0 - quiet,
      x1: extent.x1 + quiet,
      y1: extent.y1 + quiet,
    };
    expect(zone.x0).toBeGreaterThan(0);
    expect(zone.y0).toBeGreaterThan(0);
    expect(zone.x1).toBeLessThan(A4.width);
    expect(zone.y1).toBeLessThan(A4.height);
    const texts = await textLines(page);
    expect(texts.length).toBeGreaterThanOrEqual(4);
    for (const text of texts) expect(overlaps(text.box, zone), text.str).toBe(false);
    expect(images).toHaveLength(1);
    expect(overlaps(images[0]!, zone)).toBe(false);
  });

  it.each(SITE_LANGS)('prints its texts in %s, with the URL under the code', async (lang) => {
    const page = await firstPage((await poster({ lang })).pdf);
    const texts = await textLines(page);
    const strings = texts.map((text) => text.str);
    expect(strings).toContain(POSTER_TEXTS[lang].headline);
    expect(strings.join(' ')).toContain(POSTER_TEXTS[lang].instruction);
    expect(strings).toContain('Demo Golf Club');
    const { extent } = readQr((await paintedShapes(page)).rectangles);
    const url = texts.find((text) => text.str === SITE_URL);
    expect(url, 'the URL is printed').toBeDefined();
    expect(url!.box.y1).toBeLessThan(extent.y0);
    expect(texts.find((text) => text.str === POSTER_TEXTS[lang].headline)!.box.y0).toBeGreaterThan(extent.y1);
  });

  // Helvetica (WinAnsi) printed ř as r, ů as u, ď as d: these names and the Czech texts lost letters.
  it.each(SITE_LANGS)(
    'keeps every Czech, Danish and German letter of the name and the texts in %s',
    async (lang) => {
      const siteName = 'Golfový klub Řevnice – Ærøskøbing Großer Künstlerhof ůčěňťď';
      const page = await firstPage((await poster({ siteName, lang })).pdf);
      const strings = (await textLines(page)).map((text) => text.str);
      expect(strings).toContain(siteName);
      expect(strings).toContain(POSTER_TEXTS[lang].headline);
      expect(strings.join(' ')).toContain(POSTER_TEXTS[lang].instruction);
    },
  );

  it('embeds its font, as a subset, rather than naming a standard one', async () => {
    const page = await firstPage((await poster({ siteName: 'Řevnice', lang: 'cs' })).pdf);
    await page.getTextContent();
    const fonts = (await page.getOperatorList()).argsArray
      .flat()
      .filter((arg): arg is string => typeof arg === 'string' && /^g_d\d+_f\d+$/.test(arg));
    expect(fonts.length).toBeGreaterThan(0);
    for (const name of new Set(fonts)) {
      const font = page.commonObjs.get(name) as { name: string; missingFile: boolean };
      expect(font.missingFile, font.name).toBe(false);
      expect(font.name).toMatch(/DejaVuSans/);
    }
  });

  it('prints a letter no font here has (an emoji) as "?" instead of an empty box', async () => {
    const page = await firstPage(
      (await poster({ siteName: 'Golfový klub Řevnice – 18 jamek 🏌', lang: 'cs' })).pdf,
    );
    const strings = (await textLines(page)).map((text) => text.str);
    expect(strings).toContain('Golfový klub Řevnice – 18 jamek ?');
  });

  it('fits a very long site name on the page', async () => {
    const page = await firstPage((await poster({ siteName: 'Royal '.repeat(40).trim() })).pdf);
    for (const { str, box } of await textLines(page)) {
      expect(box.x0, str).toBeGreaterThanOrEqual(0);
      expect(box.x1, str).toBeLessThanOrEqual(A4.width);
    }
  });

  it('places a PNG or JPEG logo at the top, scaled to fit, above the name', async () => {
    const logos = [
      { bytes: pngBytes(400, 100), aspect: 4 },
      // A view that does not start at its memory's offset 0, as Node Buffers from the shared pool.
      { bytes: Buffer.concat([Buffer.alloc(16), jpegBytes(64, 48)]).subarray(16), aspect: 4 / 3 },
    ];
    for (const { bytes: logo, aspect } of logos) {
      const result = await poster({ logo });
      expect(result.logo).toBe('placed');
      const page = await firstPage(result.pdf);
      const { images } = await paintedShapes(page);
      expect(images).toHaveLength(1);
      const [box] = images as [Box];
      const name = (await textLines(page)).find((text) => text.str === 'Demo Golf Club')!;
      expect(box.y0).toBeGreaterThan(name.box.y1);
      expect(box.y1).toBeLessThanOrEqual(A4.height - 10 * MM);
      expect(box.x1 - box.x0).toBeLessThanOrEqual(A4.width);
      // Scaled, never distorted.
      expect((box.x1 - box.x0) / (box.y1 - box.y0)).toBeCloseTo(aspect, 3);
      expect(readQr((await paintedShapes(page)).rectangles).text).toBe(SITE_URL);
    }
  });

  it('makes the poster without a logo it cannot read', async () => {
    const result = await poster({ logo: Buffer.from('not an image') });
    expect(result.logo).toBe('unreadable');
    const page = await firstPage(result.pdf);
    expect((await paintedShapes(page)).images).toHaveLength(0);
    expect((await poster()).logo).toBe('none');
  });

  it('keeps the symbol at 138 mm for a long URL (a larger QR version)', async () => {
    const url = `https://fleet.golf-club-with-a-long-domain-name.example.org/some/prefix/guest/site/${'a'.repeat(36)}`;
    const page = await firstPage((await poster({ url, logo: pngBytes(200, 200) })).pdf);
    const qr = readQr((await paintedShapes(page)).rectangles);
    expect(qr.modules).toBeGreaterThan(33);
    expect(Math.abs((qr.extent.x1 - qr.extent.x0) / MM - 138)).toBeLessThan(0.1);
    expect(qr.text).toBe(url);
  });
});

describe('GET /api/dashboard/sites/poster', () => {
  let rt: Runtime;
  let dataDir: string;
  let staff: string;
  let demoId: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fairway-poster-'));
    rt = await startTestServer({ DATA_DIR: dataDir });
    staff = await loginAs(rt, 'staff@example.com');
    ({ demo: demoId } = await demoSiteIds(rt));
  });
  afterAll(async () => {
    await rt?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** The operator's browser reached the server at the club's address (no PUBLIC_URL in tests). */
  const CLUB_ADDRESS = '192.168.1.20:3000';
  const getPoster = (token: string, siteId: string, query = '') =>
    rt.app.inject({
      url: `/api/dashboard/sites/poster${query}`,
      headers: { ...asUser(token, siteId), host: CLUB_ADDRESS },
    });

  it("answers a role-basic user with the site's PDF, its QR code to the guest site page", async () => {
    const res = await getPoster(staff, demoId);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="demo-golf-club-poster.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const page = await firstPage(res.rawPayload);
    // Without PUBLIC_URL the QR code leads where the operator reached the server, never to localhost.
    expect(readQr((await paintedShapes(page)).rectangles).text).toBe(
      `http://${CLUB_ADDRESS}/guest/site/${demoId}`,
    );
  });

  it("speaks the site's language by default and the one asked for", async () => {
    const { siteId, token } = await freshSite(rt, 'da');
    const headline = async (query: string) => {
      const res = await getPoster(token, siteId, query);
      expect(res.statusCode, res.body).toBe(200);
      return (await textLines(await firstPage(res.rawPayload))).map((text) => text.str);
    };
    expect(await headline('')).toContain(POSTER_TEXTS.da.headline);
    expect(await headline('?lang=cs')).toContain(POSTER_TEXTS.cs.headline);
    expect(await headline('?lang=de')).toContain(POSTER_TEXTS.de.headline);
  });

  it("puts the site's uploaded logo on the poster", async () => {
    const { siteId } = await freshSite(rt);
    const admin = await tokenFor(rt, 'admin', siteId);
    const boundary = 'poster-test-boundary';
    const upload = await rt.app.inject({
      method: 'POST',
      url: '/api/dashboard/sites/logo',
      headers: { ...asUser(admin, siteId), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="logo.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        pngBytes(120, 60),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);

    const res = await getPoster(admin, siteId);
    expect(res.statusCode).toBe(200);
    expect((await paintedShapes(await firstPage(res.rawPayload))).images).toHaveLength(1);
  });

  it('refuses an unknown language with 400, and a site the user does not hold with 403', async () => {
    const res = await getPoster(staff, demoId, '?lang=fr');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/lang/);
    const { siteId } = await freshSite(rt);
    expect((await getPoster(staff, siteId)).statusCode).toBe(403);
    expect((await rt.app.inject({ url: '/api/dashboard/sites/poster' })).statusCode).toBe(401);
  });
});
