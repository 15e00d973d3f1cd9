import { describe, expect, it } from 'vitest';
import { translations } from '.';

const keysOf = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, child]) => keysOf(child, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

describe('translations', () => {
  it('keeps feature files from shadowing app-wide keys', async () => {
    const common = (await import('./en/common.json')).default;
    // Every feature file of the folder, so a new one is checked without being listed here.
    const features = Object.keys(import.meta.glob('./en/*.json'))
      .map((file) => file.slice('./en/'.length, -'.json'.length))
      .filter((name) => name !== 'common');
    expect(features.length).toBeGreaterThan(10);
    for (const feature of features) expect(Object.keys(common), feature).not.toContain(feature);
  });

  const english = keysOf(translations.en).sort();
  it.each(['de', 'da', 'cs'] as const)('%s has exactly the English keys, none empty', (locale) => {
    expect(keysOf(translations[locale]).sort()).toEqual(english);
    const empty = english.filter((key) => {
      const text = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], translations[locale]);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(empty).toEqual([]);
  });
});
