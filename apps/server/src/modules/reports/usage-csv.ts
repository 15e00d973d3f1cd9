import { currencyMinorUnits, usageSeconds, type RideType } from '@fairway/domain';
import type { ExportRide } from './usage-export.repository';
import { formatDay, type UsageExportTexts } from './usage-export-texts';

/**
 * The rides CSV of Reports → Usage (issue 19), one row per ride, as a spreadsheet program of the asked
 * language opens it: that language's separator, decimal mark and date pattern (docs/decisions.md). Pure.
 */

/** UTF-8's byte order mark: without it Excel reads a CSV in the legacy code page (å, ř garbled). */
export const UTF8_BOM = '\uFEFF';
const LINE_END = '\r\n';

/**
 * A text cell: one that a spreadsheet would run as a formula (=, +, -, @, and tab or carriage return, which
 * some programs strip before looking) gets a leading apostrophe (OWASP's CSV injection advice); a cell with
 * the separator, a quote or a line break is quoted, its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | null, separator: string): string {
  if (value === null || value === '') return '';
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return guarded.includes(separator) || /["\r\n]/.test(guarded)
    ? `"${guarded.replace(/"/g, '""')}"`
    : guarded;
}

/** A number with `digits` decimals and the language's decimal mark, no grouping (spreadsheets parse it). */
export function csvDecimal(value: number, digits: number, decimal: '.' | ','): string {
  const text = value.toFixed(digits);
  return decimal === '.' ? text : text.replace('.', ',');
}

/** Whole seconds as h:mm:ss (hours not wrapped at 24). */
export function hms(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

const COLUMNS = [
  'date',
  'start',
  'end',
  'cartNumber',
  'cartName',
  'type',
  'service',
  'price',
  'driver',
  'duration',
  'durationSeconds',
  'distance',
  'amount',
  'currency',
] as const satisfies ReadonlyArray<keyof UsageExportTexts['columns']>;

export function csvHeader(texts: UsageExportTexts): string {
  const { separator } = texts.csv;
  return COLUMNS.map((column) => csvCell(texts.columns[column], separator)).join(separator) + LINE_END;
}

/**
 * One ride as a CSV line. Its duration is the one the chart counts (stored, else end − start; 0 over
 * 36,000 s), empty while it runs; the amount is in the site's currency's major units.
 */
export function csvRow(ride: ExportRide, texts: UsageExportTexts, currency: string): string {
  const { separator, decimal } = texts.csv;
  const seconds = usageSeconds(ride);
  const type = texts.rideTypes[ride.type as RideType] ?? ride.type;
  const text = (value: string | null) => csvCell(value, separator);
  const cells = [
    text(formatDay(ride.day, texts)),
    text(ride.startTime),
    text(ride.endTime),
    text(ride.carNumber),
    text(ride.carName),
    text(type),
    text(ride.serviceName),
    text(ride.priceName),
    text(ride.driver),
    seconds === null ? '' : hms(seconds),
    seconds === null ? '' : String(seconds),
    ride.distance === null ? '' : csvDecimal(ride.distance, 1, decimal),
    ride.amount === null
      ? ''
      : csvDecimal(ride.amount / 10 ** currencyMinorUnits(currency), currencyMinorUnits(currency), decimal),
    ride.amount === null ? '' : text(currency),
  ];
  return cells.join(separator) + LINE_END;
}

/** The whole file as chunks: the BOM and header, then a chunk per batch of rides. */
export async function* csvChunks(
  batches: AsyncIterable<ExportRide[]>,
  texts: UsageExportTexts,
  currency: string,
): AsyncGenerator<string> {
  yield UTF8_BOM + csvHeader(texts);
  for await (const batch of batches) yield batch.map((ride) => csvRow(ride, texts, currency)).join('');
}
