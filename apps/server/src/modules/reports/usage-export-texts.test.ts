import { describe, expect, it } from 'vitest';
import { SITE_LANGS } from '@fairway/domain';
import { csvCell, csvDecimal, hms } from './usage-csv';
import { fillIn, formatDay, formatDurationWords, USAGE_EXPORT_TEXTS } from './usage-export-texts';

/** Every leaf of a texts object as 'path → value'. */
function leaves(value: unknown, path = ''): Array<[string, unknown]> {
  if (typeof value !== 'object' || value === null) return [[path, value]];
  return Object.entries(value).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key));
}

describe('the Usage exports’ texts', () => {
  const english = leaves(USAGE_EXPORT_TEXTS.en).map(([path]) => path);

  it.each(SITE_LANGS)('has every text in %s, none empty, with the same placeholders as English', (lang) => {
    const texts = new Map(leaves(USAGE_EXPORT_TEXTS[lang]));
    expect([...texts.keys()].sort()).toEqual([...english].sort());
    for (const [path, value] of texts) {
      expect(typeof value, path).toBe('string');
      expect((value as string).trim(), path).not.toBe('');
      const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map(([name]) => name).sort();
      const source = new Map(leaves(USAGE_EXPORT_TEXTS.en)).get(path) as string;
      expect(placeholders(value as string), path).toEqual(placeholders(source));
    }
  });

  it('pairs `;` with the decimal comma, and `,` with the decimal point, so numbers never split a row', () => {
    for (const lang of SITE_LANGS) {
      const { separator, decimal } = USAGE_EXPORT_TEXTS[lang].csv;
      expect(decimal, lang).toBe(separator === ';' ? ',' : '.');
    }
  });

  it('formats days, durations and placeholders', () => {
    expect(formatDay('2026-03-09', USAGE_EXPORT_TEXTS.en)).toBe('2026-03-09');
    expect(formatDay('2026-03-09', USAGE_EXPORT_TEXTS.de)).toBe('09.03.2026');
    expect(formatDay('2026-03-09', USAGE_EXPORT_TEXTS.da)).toBe('09-03-2026');
    expect(formatDurationWords(3725, USAGE_EXPORT_TEXTS.da)).toBe('1 t 2 m 5 s');
    expect(formatDurationWords(65, USAGE_EXPORT_TEXTS.cs)).toBe('1 min 5 s');
    expect(formatDurationWords(7, USAGE_EXPORT_TEXTS.de)).toBe('7 Sek.');
    expect(fillIn('{a} and {b}, {c}', { a: 1, b: 'two' })).toBe('1 and two, {c}');
  });
});

describe('CSV cells', () => {
  it.each([
    ['=1+1', ';', "'=1+1"],
    ['+44 7700 900123', ',', "'+44 7700 900123"],
    ['-3', ',', "'-3"],
    ['@SUM(A1)', ',', "'@SUM(A1)"],
    ['\tcmd', ',', "'\tcmd"],
    ['Søren "Sunny"', ',', '"Søren ""Sunny"""'],
    ['a;b', ';', '"a;b"'],
    ['a;b', ',', 'a;b'],
    ['two\nlines', ',', '"two\nlines"'],
    ['=a,b', ',', `"'=a,b"`],
    ['plain', ',', 'plain'],
    [null, ',', ''],
  ])('%j with %j is %j', (value, separator, cell) => {
    expect(csvCell(value, separator)).toBe(cell);
  });

  it('writes numbers without grouping, and durations as h:mm:ss', () => {
    expect(csvDecimal(1234.5, 2, ',')).toBe('1234,50');
    expect(csvDecimal(1234.5, 2, '.')).toBe('1234.50');
    expect(csvDecimal(4, 1, ',')).toBe('4,0');
    expect(hms(0)).toBe('0:00:00');
    expect(hms(36_000)).toBe('10:00:00');
    expect(hms(3599)).toBe('0:59:59');
  });
});
