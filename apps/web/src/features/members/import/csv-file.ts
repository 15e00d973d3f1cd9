import Papa from 'papaparse';

/** A CSV file as the wizard uses it: the header row and the data rows, every row as long as the header. */
export interface CsvTable {
  headers: string[];
  rows: string[][];
}

export type CsvEncoding = 'utf-8' | 'windows-1252';

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

const startsWithBom = (bytes: Uint8Array): boolean => UTF8_BOM.every((byte, index) => bytes[index] === byte);

/**
 * The file's text. Spec §5 says member files are ISO-8859-1 (what Excel in Denmark and Germany saves as
 * "CSV"), but Excel's "CSV UTF-8", Numbers and Google Sheets write UTF-8. UTF-8 is recognised by its BOM or
 * by decoding without a single invalid sequence, which Latin-1 text with any accented letter never
 * manages; anything else is read as ISO-8859-1. Browsers decode 'iso-8859-1' as windows-1252 (its
 * superset, adding € and curly quotes in 0x80–0x9F), so that is named outright.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (startsWithBom(bytes)) return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/**
 * Spec §5: a header row, empty lines skipped (also lines of only delimiters and spaces, which Excel leaves
 * behind). The delimiter is detected: Danish and German Excel write ';', others ','.
 */
export function parseCsvText(text: string): CsvTable {
  const { data } = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const [header = [], ...body] = data;
  const headers = header.map((cell) => cell.trim());
  const rows = body.map((row) => headers.map((_, index) => row[index] ?? ''));
  return { headers, rows };
}

export type CsvFileProblem = 'notCsv' | 'unreadable' | 'noMembers';

/** Spec §2 step 1 accepts .csv files; some systems report CSV as Excel's or a plain text MIME type. */
export const looksLikeCsv = (file: Pick<File, 'name'>): boolean => /\.csv$/i.test(file.name.trim());

/** Reads a chosen or dropped file into a table, or says why it cannot be imported. */
export async function readCsvFile(file: File): Promise<{ table: CsvTable } | { problem: CsvFileProblem }> {
  if (!looksLikeCsv(file)) return { problem: 'notCsv' };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { problem: 'unreadable' };
  }
  const table = parseCsvText(decodeCsvBytes(bytes).text);
  if (table.headers.every((header) => header === '') || table.rows.length === 0)
    return { problem: 'noMembers' };
  return { table };
}
