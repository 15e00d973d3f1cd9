import { describe, expect, it } from 'vitest';
import { translations } from '.';

const keysOf = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, child]) => keysOf(child, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

describe('translations', () => {
  it('keeps feature files from shadowing app-wide keys', async () => {
    const common = (await import('./en/common.json')).default;
    for (const feature of ['cart', 'commands', 'fleet', 'history', 'map', 'zones'])
      expect(Object.keys(common), feature).not.toContain(feature);
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
