import type { MemberImportRow } from '@fairway/domain';
import type { CsvTable } from './csv-file';

/** The member fields a file's columns can fill (spec §7 POST /members/import). */
export const IMPORT_FIELDS = ['name', 'email', 'memberNumber', 'company', 'phone'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Spec §5: name and email must be mapped; the rest is optional. */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['name', 'email'];

/** Which column (index into the header row) fills each field; null = not imported. */
export type ColumnMapping = Record<ImportField, number | null>;

export const EMPTY_MAPPING: ColumnMapping = {
  name: null,
  email: null,
  memberNumber: null,
  company: null,
  phone: null,
};

/**
 * Header names clubs use, in the app's languages, as `normaliseHeader` writes them (lower case, no accents,
 * no spaces or punctuation): 'E-Mail-Adresse' → 'emailadresse', 'Jméno' → 'jmeno'.
 */
const HEADER_NAMES: Record<ImportField, readonly string[]> = {
  name: [
    'name',
    'fullname',
    'membername',
    'drivername',
    'navn',
    'fuldtnavn',
    'medlemsnavn',
    'vollstandigername',
    'jmeno',
    'celejmeno',
    'jmenoaprijmeni',
  ],
  email: ['email', 'mail', 'emailaddress', 'emailadresse', 'mailadresse', 'emailadresa'],
  memberNumber: [
    'membernumber',
    'memberno',
    'membernr',
    'memberid',
    'medlemsnummer',
    'medlemsnr',
    'mitgliedsnummer',
    'mitgliedsnr',
    'mitgliednummer',
    'clenskecislo',
    'cisloclena',
  ],
  company: [
    'company',
    'companyname',
    'organisation',
    'organization',
    'firma',
    'firmanavn',
    'virksomhed',
    'unternehmen',
    'spolecnost',
  ],
  phone: [
    'phone',
    'phonenumber',
    'telephone',
    'mobile',
    'mobil',
    'mobilnummer',
    'tel',
    'tlf',
    'telefon',
    'telefonnummer',
    'handy',
    'telefonnicislo',
    'mobilnicislo',
  ],
};

export const normaliseHeader = (header: string): string =>
  header
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}]/gu, '');

/** Step 2 starts with every field whose column the header names; each column fills one field at most. */
export function guessColumnMapping(headers: readonly string[]): ColumnMapping {
  const normalised = headers.map(normaliseHeader);
  const used = new Set<number>();
  const mapping = { ...EMPTY_MAPPING };
  for (const field of IMPORT_FIELDS) {
    const column = normalised.findIndex(
      (header, index) => !used.has(index) && HEADER_NAMES[field].includes(header),
    );
    if (column === -1) continue;
    mapping[field] = column;
    used.add(column);
  }
  return mapping;
}

export const mappingComplete = (mapping: ColumnMapping): boolean =>
  REQUIRED_IMPORT_FIELDS.every((field) => mapping[field] !== null);

/** The rows as the server takes them; optional fields without a column are null. */
export function mappedRows(table: CsvTable, mapping: ColumnMapping): MemberImportRow[] {
  const cell = (row: readonly string[], field: ImportField) => {
    const column = mapping[field];
    return column === null ? null : (row[column] ?? '');
  };
  return table.rows.map((row) => ({
    name: cell(row, 'name') ?? '',
    email: cell(row, 'email') ?? '',
    memberNumber: cell(row, 'memberNumber'),
    company: cell(row, 'company'),
    phone: cell(row, 'phone'),
  }));
}
