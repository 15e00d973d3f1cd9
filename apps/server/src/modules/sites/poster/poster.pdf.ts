import {
  fill,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingGrayscaleColor,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import { create as createQrCode } from 'qrcode';
import type { SiteLang } from '@fairway/domain';
import { embedDejaVu } from '../../../lib/pdf-fonts';
import { detectImage } from '../image-content';
import { POSTER_TEXTS } from './poster.texts';

/**
 * The site's A4 poster (spec §2 Public profile, §9: QR width 138 mm): logo, site name, headline, the QR
 * code to the guest site page with its URL under it, and how to use it. Pure: bytes in, bytes out.
 * In DejaVu Sans (lib/pdf-fonts.ts), so every letter of a club's name and of the four languages prints
 * (Czech ř, ů, č; Danish æ, ø, å; German ä, ö, ü, ß).
 */
export interface PosterInput {
  siteName: string;
  /** What the QR code encodes and the poster prints under it. */
  url: string;
  lang: SiteLang;
  /** The site's logo file (PNG or JPEG), placed at the top when given. */
  logo?: Uint8Array | null;
}

export interface Poster {
  pdf: Uint8Array;
  /** 'unreadable': a logo was given but could not be embedded, and the poster was made without it. */
  logo: 'placed' | 'none' | 'unreadable';
}

const POINTS_PER_MM = 72 / 25.4;
/** A4 exactly (210 × 297 mm); pdf-lib's PageSizes.A4 is rounded to 595.28 × 841.89. */
export const A4_POINTS = { width: 210 * POINTS_PER_MM, height: 297 * POINTS_PER_MM } as const;
/** The printed symbol (dark-module extent, quiet zone not included): 138 mm, spec §9. */
export const QR_SYMBOL_POINTS = 138 * POINTS_PER_MM;
/** ISO/IEC 18004 asks for a white margin of 4 modules around the symbol for scanners to find it. */
export const QR_QUIET_MODULES = 4;

const MARGIN = 15 * POINTS_PER_MM;
const CONTENT_WIDTH = A4_POINTS.width - 2 * MARGIN;
const LOGO_MAX = { width: 80 * POINTS_PER_MM, height: 35 * POINTS_PER_MM };
/** Below this height a logo would be a smudge; the poster goes without. */
const LOGO_MIN_HEIGHT = 8 * POINTS_PER_MM;
const GAP = 5 * POINTS_PER_MM;
const TEXT_COLOR = rgb(0.13, 0.13, 0.13);
const HEADLINE_COLOR = rgb(0.09, 0.4, 0.22);
const NAME_SIZE = { max: 22, min: 12 };
const HEADLINE_SIZE = { max: 36, min: 18 };
const URL_SIZE = { max: 11, min: 6 };
const INSTRUCTION_SIZE = 15;
const INSTRUCTION_MAX_LINES = 3;

export async function buildPosterPdf(input: PosterInput): Promise<Poster> {
  const texts = POSTER_TEXTS[input.lang];
  const doc = await PDFDocument.create();
  doc.setTitle(`${input.siteName} – ${texts.headline}`);
  doc.setLanguage(input.lang);
  const page = doc.addPage([A4_POINTS.width, A4_POINTS.height]);
  const { regular, bold, covers } = await embedDejaVu(doc);
  const printable = (text: string) => printableText(covers, text);

  const qr = qrModules(input.url);
  const moduleSize = QR_SYMBOL_POINTS / qr.size;
  const quietZone = QR_QUIET_MODULES * moduleSize;

  const footerTop = drawFooter(page, regular, printable(texts.instruction), printable(input.url));
  const name = fitSize(bold, printable(input.siteName), NAME_SIZE, CONTENT_WIDTH);
  const headline = fitSize(bold, printable(texts.headline), HEADLINE_SIZE, CONTENT_WIDTH);
  const titlesHeight = bold.heightAtSize(name.size) + GAP + bold.heightAtSize(headline.size);
  // The code with its quiet zone and a gap beyond it on either side comes first; the logo gets what is left.
  const codeBand = QR_SYMBOL_POINTS + 2 * quietZone + 2 * GAP;
  const spareForLogo = A4_POINTS.height - MARGIN - footerTop - codeBand - titlesHeight - GAP;

  let top = A4_POINTS.height - MARGIN;
  let logo: Poster['logo'] = 'none';
  if (input.logo) {
    const image = await embedLogo(doc, input.logo);
    if (!image) logo = 'unreadable';
    else if (Math.min(LOGO_MAX.height, spareForLogo) >= LOGO_MIN_HEIGHT) {
      top = drawLogo(page, image, top, {
        width: LOGO_MAX.width,
        height: Math.min(LOGO_MAX.height, spareForLogo),
      });
      logo = 'placed';
    }
  }
  top -= bold.heightAtSize(name.size);
  drawCentred(page, name.text, bold, name.size, top, TEXT_COLOR);
  top -= GAP + bold.heightAtSize(headline.size);
  drawCentred(page, headline.text, bold, headline.size, top, HEADLINE_COLOR);

  // The code in the middle of what is left between headline and footer; its quiet zone stays blank.
  const bandTop = top - GAP - quietZone;
  const bandBottom = footerTop + GAP + quietZone;
  if (bandTop - bandBottom < QR_SYMBOL_POINTS - 0.001)
    throw new Error('poster layout: the QR code and its quiet zone do not fit between the texts');
  const symbolBottom = (bandTop + bandBottom - QR_SYMBOL_POINTS) / 2;
  drawQrCode(page, qr, { x: (A4_POINTS.width - QR_SYMBOL_POINTS) / 2, y: symbolBottom }, moduleSize);

  return { pdf: await doc.save(), logo };
}

/**
 * Bottom up from the bottom margin: the instruction, then the URL (right under the code). Answers the
 * top of the URL line.
 */
function drawFooter(page: PDFPage, font: PDFFont, instruction: string, url: string): number {
  const lines = wrap(font, instruction, INSTRUCTION_SIZE, CONTENT_WIDTH);
  const leading = INSTRUCTION_SIZE * 1.3;
  lines.forEach((line, index) =>
    drawCentred(page, line, font, INSTRUCTION_SIZE, MARGIN + (lines.length - 1 - index) * leading),
  );
  const printed = fitSize(font, url, URL_SIZE, CONTENT_WIDTH);
  const baseline = MARGIN + lines.length * leading + GAP;
  drawCentred(page, printed.text, font, printed.size, baseline);
  return baseline + font.heightAtSize(printed.size);
}

/** The logo centred below `top`, as large as fits `box` without distortion; answers where text may go. */
function drawLogo(page: PDFPage, image: PDFImage, top: number, box: { width: number; height: number }) {
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const size = { width: image.width * scale, height: image.height * scale };
  page.drawImage(image, { x: (A4_POINTS.width - size.width) / 2, y: top - size.height, ...size });
  return top - size.height - GAP;
}

interface QrModules {
  size: number;
  isDark(row: number, column: number): boolean;
}

function qrModules(text: string): QrModules {
  const { modules } = createQrCode(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, isDark: (row, column) => modules.get(row, column) === 1 };
}

/**
 * Dark modules as vector rectangles, each horizontal run of dark modules one rectangle, all in one filled
 * path: a single fill leaves no hairline seams between touching rectangles, and the file stays small.
 * `origin` is the symbol's bottom-left corner; row 0 is the top row.
 */
function drawQrCode(page: PDFPage, qr: QrModules, origin: { x: number; y: number }, moduleSize: number) {
  const rectangles = [];
  for (let row = 0; row < qr.size; row += 1) {
    const y = origin.y + (qr.size - 1 - row) * moduleSize;
    let column = 0;
    while (column < qr.size) {
      if (!qr.isDark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < qr.size && qr.isDark(row, column)) column += 1;
      rectangles.push(rectangle(origin.x + start * moduleSize, y, (column - start) * moduleSize, moduleSize));
    }
  }
  page.pushOperators(
    pushGraphicsState(),
    setFillingGrayscaleColor(0),
    ...rectangles,
    fill(),
    popGraphicsState(),
  );
}

async function embedLogo(doc: PDFDocument, bytes: Uint8Array): Promise<PDFImage | null> {
  const format = detectImage(bytes)?.format;
  // pdf-lib reads a JPEG through `new DataView(bytes.buffer)`, ignoring the view's offset, and a Node
  // Buffer is often a slice of a shared pool: hand it a copy that starts at offset 0.
  const own = new Uint8Array(bytes);
  try {
    if (format === 'png') return await doc.embedPng(own);
    if (format === 'jpeg') return await doc.embedJpg(own);
  } catch {
    // pdf-lib reads most but not all valid files (e.g. some PNG colour modes); the poster still helps.
  }
  return null;
}

function drawCentred(
  page: PDFPage,
  text: string,
  font: PDFFont,
  size: number,
  y: number,
  color = TEXT_COLOR,
) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (A4_POINTS.width - width) / 2, y, size, font, color });
}

/** The largest size in `range` at which `text` fits `width`; at the smallest, cut with an ellipsis. */
function fitSize(font: PDFFont, text: string, range: { max: number; min: number }, width: number) {
  const atOnePoint = font.widthOfTextAtSize(text, 1);
  const size = Math.max(range.min, Math.min(range.max, width / Math.max(atOnePoint, 1e-6)));
  let fitted = text;
  while (fitted.length > 1 && font.widthOfTextAtSize(fitted, size) > width)
    fitted = fitted.slice(0, -2) + '…';
  return { text: fitted, size };
}

/** Words into lines no wider than `width`; more lines than allowed end the last one with an ellipsis. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && font.widthOfTextAtSize(`${last} ${word}`, size) <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= INSTRUCTION_MAX_LINES) return lines;
  const kept = lines.slice(0, INSTRUCTION_MAX_LINES);
  kept[kept.length - 1] = `${kept.at(-1)!} …`;
  return kept;
}

/**
 * Text the font can print, on one line: DejaVu covers the Latin, Greek and Cyrillic alphabets, so only a
 * rare letter (an emoji in a club's name) is missing; it is printed without its accent when that helps and
 * as '?' otherwise, rather than as an empty box.
 */
export function printableText(covers: (letter: string) => boolean, text: string): string {
  return Array.from(text.replace(/\s+/g, ' ').trim(), (letter) => {
    if (covers(letter)) return letter;
    const base = letter.normalize('NFD').replace(/\p{M}/gu, '');
    return base && Array.from(base).every(covers) ? base : '?';
  }).join('');
}
