import { beforeAll, describe, expect, it } from 'vitest';
import { decodeCsvBytes, parseCsvText, readCsvFile } from './csv-file';
import { fixtureBytes as fixture, fixtureFile, installBlobArrayBuffer } from './test-files';

/**
 * The fixtures are real files as Excel writes them: members-latin1.csv was written with
 * Buffer.from(text, 'latin1') (Danish Excel: ';' and CRLF, an empty line, bad rows), members-utf8-bom.csv
 * with a UTF-8 BOM (',' and a quoted field holding a comma).
 */
beforeAll(installBlobArrayBuffer);

describe('decodeCsvBytes', () => {
  it('reads an ISO-8859-1 file with its Danish and German letters intact', () => {
    const bytes = fixture('members-latin1.csv');
    // The file really is single-byte: ø is 0xF8, not UTF-8's 0xC3 0xB8.
    expect(bytes.includes(0xf8)).toBe(true);
    const { text, encoding } = decodeCsvBytes(bytes);
    expect(encoding).toBe('windows-1252');
    expect(text).toContain('Søren Ærøskøbing');
    expect(text).toContain('Jürgen Weiß');
    expect(text).toContain('Åse Öberg');
    expect(text).toContain('Märta Lindqvist');
    expect(text).toContain('Grüße Straße');
  });

  it('reads a UTF-8 file with a BOM and drops the BOM', () => {
    const { text, encoding } = decodeCsvBytes(fixture('members-utf8-bom.csv'));
    expect(encoding).toBe('utf-8');
    expect(text.startsWith('Name,')).toBe(true);
    expect(text).toContain('Jméno Příjmení');
  });

  it('reads UTF-8 without a BOM as UTF-8', () => {
    const { text, encoding } = decodeCsvBytes(new TextEncoder().encode('name;email\nBjørn;b@example.dk'));
    expect(encoding).toBe('utf-8');
    expect(text).toBe('name;email\nBjørn;b@example.dk');
  });

  it('reads the windows-1252 letters of 0x80–0x9F as Excel wrote them', () => {
    // 0x80 is € and 0x9A is š in windows-1252 (control characters in strict ISO-8859-1).
    const { text } = decodeCsvBytes(new Uint8Array([0x80, 0x3b, 0x9a]));
    expect(text).toBe('€;š');
  });
});

describe('parseCsvText', () => {
  it('detects ";", skips empty lines and pads short rows to the header', () => {
    const { headers, rows } = parseCsvText(decodeCsvBytes(fixture('members-latin1.csv')).text);
    expect(headers).toEqual(['Navn', 'E-mail', 'Medlemsnummer', 'Firma', 'Telefon']);
    expect(rows).toHaveLength(8);
    expect(rows[0]).toEqual([
      'Søren Ærøskøbing',
      'soren@example.dk',
      '1001',
      'Ålborg Golf ApS',
      '+45 12 34 56 78',
    ]);
    expect(rows[3]).toEqual(['', 'noname@example.dk', '1004', '', '']);
    expect(rows.every((row) => row.length === 5)).toBe(true);
  });

  it('detects "," and keeps a quoted comma inside its field', () => {
    const { headers, rows } = parseCsvText(decodeCsvBytes(fixture('members-utf8-bom.csv')).text);
    expect(headers).toEqual(['Name', 'Email', 'Member number', 'Company', 'Phone']);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.[3]).toBe('Müller, Söhne & Co');
    expect(rows[2]?.[0]).toBe('Jméno Příjmení');
  });

  it('skips lines of only delimiters and spaces', () => {
    expect(parseCsvText('name,email\n , \nAnn,ann@example.com\n').rows).toEqual([['Ann', 'ann@example.com']]);
  });
});

describe('readCsvFile', () => {
  it('reads a chosen file into a table', async () => {
    const read = await readCsvFile(fixtureFile('members-latin1.csv', 'Medlemmer.CSV'));
    expect('table' in read && read.table.rows.length).toBe(8);
  });

  it('refuses a file that is not .csv, and a file without members', async () => {
    expect(await readCsvFile(new File(['x'], 'members.xlsx'))).toEqual({ problem: 'notCsv' });
    expect(await readCsvFile(new File(['name,email\n\n'], 'empty.csv'))).toEqual({ problem: 'noMembers' });
    expect(await readCsvFile(new File([''], 'nothing.csv'))).toEqual({ problem: 'noMembers' });
  });
});
