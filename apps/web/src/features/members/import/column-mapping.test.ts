import { describe, expect, it } from 'vitest';
import { guessColumnMapping, mappedRows, mappingComplete, normaliseHeader } from './column-mapping';

describe('normaliseHeader', () => {
  it('drops case, accents, spaces and punctuation', () => {
    expect(normaliseHeader(' E-Mail-Adresse ')).toBe('emailadresse');
    expect(normaliseHeader('Jméno')).toBe('jmeno');
    expect(normaliseHeader('Member No.')).toBe('memberno');
  });
});

describe('guessColumnMapping', () => {
  it('maps English headers', () => {
    expect(guessColumnMapping(['Name', 'Email', 'Member number', 'Company', 'Phone'])).toEqual({
      name: 0,
      email: 1,
      memberNumber: 2,
      company: 3,
      phone: 4,
    });
  });

  it('maps Danish, German and Czech headers in any order', () => {
    expect(guessColumnMapping(['Telefon', 'Firma', 'E-mail', 'Navn', 'Medlemsnummer'])).toEqual({
      name: 3,
      email: 2,
      memberNumber: 4,
      company: 1,
      phone: 0,
    });
    expect(guessColumnMapping(['Mitgliedsnummer', 'E-Mail', 'Name'])).toMatchObject({
      name: 2,
      email: 1,
      memberNumber: 0,
    });
    expect(guessColumnMapping(['jméno', 'mail', 'Telefonní číslo'])).toMatchObject({
      name: 0,
      email: 1,
      phone: 2,
    });
  });

  it('leaves unknown headers unmapped and uses a column once', () => {
    expect(guessColumnMapping(['Handicap', 'Email', 'Email'])).toEqual({
      name: null,
      email: 1,
      memberNumber: null,
      company: null,
      phone: null,
    });
  });
});

describe('mappingComplete', () => {
  it('needs name and email', () => {
    const none = guessColumnMapping([]);
    expect(mappingComplete(none)).toBe(false);
    expect(mappingComplete({ ...none, name: 0 })).toBe(false);
    expect(mappingComplete({ ...none, name: 0, email: 1 })).toBe(true);
  });
});

describe('mappedRows', () => {
  it('takes each field from its column and sends unmapped optional fields as null', () => {
    const table = { headers: ['Navn', 'Mail', 'Tlf'], rows: [['Bjørn', 'b@example.dk', '12345678']] };
    const mapping = { ...guessColumnMapping(table.headers), phone: null };
    expect(mappedRows(table, mapping)).toEqual([
      { name: 'Bjørn', email: 'b@example.dk', memberNumber: null, company: null, phone: null },
    ]);
  });
});
