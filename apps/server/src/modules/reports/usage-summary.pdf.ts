import { PDFDocument, rgb, type Color, type PDFFont, type PDFPage } from 'pdf-lib';
import type { RideUsage, SiteLang, UsageOrigin } from '@fairway/domain';
import { embedDejaVu } from '../../lib/pdf-fonts';
import { fillIn, formatDurationWords, USAGE_EXPORT_TEXTS, type UsageExportTexts } from './usage-export-texts';

/**
 * The one-page A4 summary of Reports → Usage for a club's board meeting (issue 19): the club, the range,
 * the cards, rounds per day or month, top carts, rides by service and the weekday × hour heatmap, every
 * chart drawn as vector shapes from the chart API's own aggregate. Pure: the aggregate in, bytes out.
 *
 * The font is DejaVu Sans (lib/pdf-fonts.ts), embedded as a subset, so names print exactly.
 */
export interface UsageSummaryInput {
  siteName: string;
  /** the cart of the filter, if any */
  cart: { carNumber: string | null; carName: string | null } | null;
  origin: UsageOrigin;
  lang: SiteLang;
  usage: RideUsage;
  madeAt: Date;
}

const POINTS_PER_MM = 72 / 25.4;
const A4 = { width: 210 * POINTS_PER_MM, height: 297 * POINTS_PER_MM } as const;
const MARGIN = 15 * POINTS_PER_MM;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const GAP = 14;
const INK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.42, 0.42, 0.42);
const RULE = rgb(0.8, 0.8, 0.8);
const ACCENT = rgb(0.09, 0.4, 0.22);
/** The heatmap's empty cell and its fullest one; cells in between are mixed linearly. */
const HEAT_EMPTY = [0.96, 0.97, 0.96] as const;
const HEAT_FULL = [0.09, 0.4, 0.22] as const;
/** Rows in the top carts and services lists. */
const LIST_ROWS = 8;

/** The languages' locales for dates and numbers ('en' as British English: day before month). */
const LOCALES: Record<SiteLang, string> = { en: 'en-GB', de: 'de-DE', da: 'da-DK', cs: 'cs-CZ' };

interface Pen {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  texts: UsageExportTexts;
  locale: string;
  number: (value: number) => string;
}

export async function buildUsageSummaryPdf(input: UsageSummaryInput): Promise<Uint8Array> {
  const texts = USAGE_EXPORT_TEXTS[input.lang];
  const locale = LOCALES[input.lang];
  const doc = await PDFDocument.create();
  const { regular, bold } = await embedDejaVu(doc);
  doc.setTitle(`${input.siteName} – ${texts.pdf.title}`);
  doc.setLanguage(input.lang);
  doc.setCreationDate(input.madeAt);
  const page = doc.addPage([A4.width, A4.height]);
  const numberFormat = new Intl.NumberFormat(locale);
  const pen: Pen = { page, regular, bold, texts, locale, number: (value) => numberFormat.format(value) };
  const { usage } = input;

  let top = A4.height - MARGIN;
  top = drawHeader(pen, input, top);
  top = drawCards(pen, usage, top - GAP);
  const chartTitle = usage.grouping === 'month' ? texts.pdf.usagePerMonth : texts.pdf.usagePerDay;
  top = drawUsageBars(pen, chartTitle, usage, top - GAP);
  const half = (CONTENT_WIDTH - GAP) / 2;
  const carts = [...usage.carts]
    .filter((cart) => cart.rounds > 0)
    .sort((a, b) => b.rounds - a.rounds)
    .map((cart) => ({ label: cartLabel(cart), value: cart.rounds }));
  const services = usage.services.map((service) => ({
    label: service.name ?? texts.pdf.noService,
    value: service.rounds,
  }));
  const listsTop = top - GAP;
  const cartsBottom = drawBarList(pen, texts.pdf.topCarts, carts, MARGIN, listsTop, half);
  const servicesBottom = drawBarList(pen, texts.pdf.byService, services, MARGIN + half + GAP, listsTop, half);
  top = Math.min(cartsBottom, servicesBottom);
  drawHeatmap(pen, usage.heatmap.rounds, top - GAP);
  drawFooter(pen, input);
  return doc.save();
}

function cartLabel(cart: { carNumber: string | null; carName: string | null }): string {
  return [cart.carNumber, cart.carName].filter(Boolean).join(' · ') || '–';
}

/** A site day ('YYYY-MM-DD') or month ('YYYY-MM') in the language's words. */
function periodLabel(period: string, locale: string, style: 'long' | 'short'): string {
  const [year, month, day] = period.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day ?? 1, 12));
  const options: Intl.DateTimeFormatOptions =
    day === undefined
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : style === 'long'
        ? { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }
        : { day: 'numeric', month: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(date);
}

function text(
  pen: Pen,
  value: string,
  x: number,
  y: number,
  size: number,
  font = pen.regular,
  color: Color = INK,
) {
  pen.page.drawText(fit(font, value, size, A4.width - MARGIN - x), { x, y, size, font, color });
}

/** `value` cut with an ellipsis to fit `width` at `size`. */
function fit(font: PDFFont, value: string, size: number, width: number): string {
  let fitted = value.replace(/\s+/g, ' ').trim();
  while (fitted.length > 1 && font.widthOfTextAtSize(fitted, size) > width)
    fitted = `${fitted.slice(0, -2)}…`;
  return fitted;
}

function drawHeader(pen: Pen, input: UsageSummaryInput, top: number): number {
  const { texts, locale } = pen;
  const { usage } = input;
  let y = top - 20;
  text(pen, input.siteName, MARGIN, y, 20, pen.bold);
  y -= 18;
  const range =
    usage.firstDay === usage.lastDay
      ? periodLabel(usage.firstDay, locale, 'long')
      : `${periodLabel(usage.firstDay, locale, 'long')} – ${periodLabel(usage.lastDay, locale, 'long')}`;
  text(pen, `${texts.pdf.title} · ${range}`, MARGIN, y, 12, pen.regular, ACCENT);
  const filters = [
    input.cart ? fillIn(texts.pdf.cart, { cart: cartLabel(input.cart) }) : null,
    input.origin !== 'all' ? fillIn(texts.pdf.origin, { origin: texts.origins[input.origin] }) : null,
  ].filter((line): line is string => line !== null);
  if (filters.length > 0) {
    y -= 14;
    text(pen, filters.join(' · '), MARGIN, y, 9, pen.regular, MUTED);
  }
  y -= 8;
  pen.page.drawLine({
    start: { x: MARGIN, y },
    end: { x: A4.width - MARGIN, y },
    thickness: 0.6,
    color: RULE,
  });
  return y;
}

/** The two cards: total rounds, and the average duration with how many rides it counts. */
function drawCards(pen: Pen, usage: RideUsage, top: number): number {
  const { texts } = pen;
  const width = (CONTENT_WIDTH - GAP) / 2;
  const height = 62;
  const { totals } = usage;
  const cards = [
    { title: texts.pdf.rounds, value: pen.number(totals.rounds), note: '' },
    {
      title: texts.pdf.averageDuration,
      value:
        totals.averageDuration === null
          ? texts.pdf.noAverage
          : formatDurationWords(totals.averageDuration, texts),
      note: fillIn(texts.pdf.outliers, {
        counted: pen.number(totals.durationsCounted),
        outliers: pen.number(totals.outliers),
      }),
    },
  ];
  cards.forEach((card, index) => {
    const x = MARGIN + index * (width + GAP);
    pen.page.drawRectangle({
      x,
      y: top - height,
      width,
      height,
      borderColor: RULE,
      borderWidth: 0.8,
      color: rgb(0.98, 0.98, 0.98),
    });
    const inner = width - 20;
    pen.page.drawText(fit(pen.regular, card.title, 9, inner), {
      x: x + 10,
      y: top - 16,
      size: 9,
      font: pen.regular,
      color: MUTED,
    });
    pen.page.drawText(fit(pen.bold, card.value, 20, inner), {
      x: x + 10,
      y: top - 40,
      size: 20,
      font: pen.bold,
    });
    if (card.note)
      pen.page.drawText(fit(pen.regular, card.note, 8, inner), {
        x: x + 10,
        y: top - 54,
        size: 8,
        font: pen.regular,
        color: MUTED,
      });
  });
  return top - height;
}

function sectionTitle(pen: Pen, title: string, x: number, top: number, width: number): number {
  const y = top - 11;
  pen.page.drawText(fit(pen.bold, title, 10, width), { x, y, size: 10, font: pen.bold });
  return y - 6;
}

/** Rounds per bucket as vertical bars on a baseline; the top count and the buckets (or first and last) named. */
function drawUsageBars(pen: Pen, title: string, usage: RideUsage, top: number): number {
  const height = 120;
  let y = sectionTitle(pen, title, MARGIN, top, CONTENT_WIDTH);
  const axisX = MARGIN + 28;
  const plotWidth = A4.width - MARGIN - axisX;
  const base = y - height;
  const most = Math.max(0, ...usage.usage.map((bucket) => bucket.rounds));
  const { page } = pen;
  // The top guide line with the highest count, and the baseline.
  page.drawLine({ start: { x: axisX, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.4, color: RULE });
  page.drawLine({
    start: { x: axisX, y: base },
    end: { x: A4.width - MARGIN, y: base },
    thickness: 0.8,
    color: MUTED,
  });
  const label = pen.number(most);
  page.drawText(label, {
    x: axisX - 4 - pen.regular.widthOfTextAtSize(label, 7),
    y: y - 3,
    size: 7,
    font: pen.regular,
    color: MUTED,
  });
  page.drawText('0', {
    x: axisX - 4 - pen.regular.widthOfTextAtSize('0', 7),
    y: base - 2,
    size: 7,
    font: pen.regular,
    color: MUTED,
  });
  const count = usage.usage.length;
  const slot = count > 0 ? plotWidth / count : plotWidth;
  const barWidth = Math.max(0.5, slot * 0.7);
  if (most === 0) {
    text(pen, pen.texts.pdf.noRounds, axisX + 8, base + height / 2, 9, pen.regular, MUTED);
  } else {
    usage.usage.forEach((bucket, index) => {
      if (bucket.rounds === 0) return;
      page.drawRectangle({
        x: axisX + index * slot + (slot - barWidth) / 2,
        y: base,
        width: barWidth,
        height: (bucket.rounds / most) * height,
        color: ACCENT,
      });
    });
  }
  y = base - 10;
  // A year of months or fewer: each bar named; more buckets: the first and the last.
  const named = count <= 12 ? usage.usage.map((bucket, index) => ({ bucket, index })) : [];
  for (const { bucket, index } of named) {
    const label = periodLabel(bucket.period, pen.locale, 'short');
    const width = pen.regular.widthOfTextAtSize(label, 7);
    page.drawText(fit(pen.regular, label, 7, slot), {
      x: axisX + index * slot + Math.max(0, (slot - width) / 2),
      y,
      size: 7,
      font: pen.regular,
      color: MUTED,
    });
  }
  const first = usage.usage[0];
  const last = usage.usage.at(-1);
  if (named.length === 0 && first && last) {
    text(pen, periodLabel(first.period, pen.locale, 'short'), axisX, y, 7, pen.regular, MUTED);
    const lastLabel = periodLabel(last.period, pen.locale, 'short');
    page.drawText(lastLabel, {
      x: A4.width - MARGIN - pen.regular.widthOfTextAtSize(lastLabel, 7),
      y,
      size: 7,
      font: pen.regular,
      color: MUTED,
    });
  }
  return y - 4;
}

/** The largest entries as labelled horizontal bars; answers the list's bottom. */
function drawBarList(
  pen: Pen,
  title: string,
  entries: Array<{ label: string; value: number }>,
  x: number,
  top: number,
  width: number,
): number {
  let y = sectionTitle(pen, title, x, top, width);
  const shown = entries.slice(0, LIST_ROWS);
  if (shown.length === 0) {
    y -= 12;
    pen.page.drawText(fit(pen.regular, pen.texts.pdf.noRounds, 9, width), {
      x,
      y,
      size: 9,
      font: pen.regular,
      color: MUTED,
    });
    return y - 4;
  }
  const most = Math.max(...shown.map((entry) => entry.value));
  const labelWidth = width * 0.4;
  const valueWidth = 34;
  const barSpace = width - labelWidth - valueWidth - 8;
  const rowHeight = 14;
  for (const entry of shown) {
    y -= rowHeight;
    pen.page.drawText(fit(pen.regular, entry.label, 8, labelWidth - 4), {
      x,
      y: y + 3,
      size: 8,
      font: pen.regular,
    });
    pen.page.drawRectangle({
      x: x + labelWidth,
      y: y + 1,
      width: Math.max(0.5, (entry.value / most) * barSpace),
      height: rowHeight - 5,
      color: ACCENT,
    });
    const value = pen.number(entry.value);
    pen.page.drawText(value, {
      x: x + width - pen.regular.widthOfTextAtSize(value, 8),
      y: y + 3,
      size: 8,
      font: pen.regular,
    });
  }
  return y - 4;
}

/** Weekday (rows, Monday first) × hour (columns) cells, shaded from empty to the fullest cell. */
function drawHeatmap(pen: Pen, grid: number[][], top: number): number {
  let y = sectionTitle(pen, pen.texts.pdf.heatmap, MARGIN, top, CONTENT_WIDTH);
  const labelWidth = 28;
  const cell = (CONTENT_WIDTH - labelWidth) / 24;
  const cellHeight = Math.min(cell, 20);
  const most = Math.max(0, ...grid.flat());
  const { page } = pen;
  // The hours above their columns, every third one.
  y -= 9;
  for (let hour = 0; hour < 24; hour += 3) {
    const label = String(hour).padStart(2, '0');
    page.drawText(label, {
      x: MARGIN + labelWidth + hour * cell + (cell - pen.regular.widthOfTextAtSize(label, 7)) / 2,
      y,
      size: 7,
      font: pen.regular,
      color: MUTED,
    });
  }
  y -= 3;
  grid.forEach((row, weekday) => {
    const rowTop = y - weekday * cellHeight;
    page.drawText(pen.texts.pdf.weekdays[weekday]!, {
      x: MARGIN,
      y: rowTop - cellHeight + (cellHeight - 7) / 2 + 1,
      size: 7,
      font: pen.regular,
      color: MUTED,
    });
    row.forEach((count, hour) => {
      const share = most === 0 ? 0 : count / most;
      page.drawRectangle({
        x: MARGIN + labelWidth + hour * cell,
        y: rowTop - cellHeight,
        width: cell,
        height: cellHeight,
        color: heatColor(share),
        borderColor: rgb(1, 1, 1),
        borderWidth: 0.5,
      });
    });
  });
  // The legend: the empty and the fullest cell with their counts.
  const legendY = y - 7 * cellHeight - 14;
  const swatches = [
    { share: 0, label: '0' },
    { share: 1, label: pen.number(most) },
  ];
  let x = MARGIN + labelWidth;
  for (const swatch of swatches) {
    page.drawRectangle({ x, y: legendY, width: 10, height: 8, color: heatColor(swatch.share) });
    page.drawText(swatch.label, { x: x + 13, y: legendY + 1, size: 7, font: pen.regular, color: MUTED });
    x += 13 + pen.regular.widthOfTextAtSize(swatch.label, 7) + 12;
  }
  return legendY;
}

/** A heatmap cell's colour: `share` of the way from the empty to the fullest cell. */
function heatColor(share: number): Color {
  const mix = (channel: 0 | 1 | 2) =>
    HEAT_EMPTY[channel] + (HEAT_FULL[channel] - HEAT_EMPTY[channel]) * share;
  return rgb(mix(0), mix(1), mix(2));
}

function drawFooter(pen: Pen, input: UsageSummaryInput) {
  const made = new Intl.DateTimeFormat(pen.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: input.usage.timeZone,
  }).format(input.madeAt);
  text(
    pen,
    fillIn(pen.texts.pdf.made, { date: made, timeZone: input.usage.timeZone }),
    MARGIN,
    MARGIN - 16,
    7,
    pen.regular,
    MUTED,
  );
}
