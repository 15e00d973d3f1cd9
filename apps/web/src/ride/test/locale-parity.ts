import { describe, expect, it } from 'vitest';
import type { SupportedLocale } from '../../lib/locale';

type Tree = { [key: string]: string | Tree };

const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`),
  );

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

/**
 * A namespace of the guest app (the entry's, or a lazily loaded page's) says everything in all four
 * languages: the English keys exactly, none empty, the same placeholders.
 */
export function describeLocaleParity(
  name: string,
  messages: Record<SupportedLocale, unknown>,
  minimumKeys: number,
): void {
  describe(`${name} translations`, () => {
    const english = new Map(entries(messages.en as Tree));

    it('has English texts', () => {
      expect(english.size).toBeGreaterThan(minimumKeys);
    });

    it.each(['de', 'da', 'cs'] as const)(
      '%s has exactly the English keys, none empty, same placeholders',
      (locale) => {
        const translated = new Map(entries(messages[locale] as Tree));
        expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
        const empty = [...translated].filter(([, text]) => text.trim() === '').map(([key]) => key);
        expect(empty).toEqual([]);
        const mismatched = [...english]
          .filter(
            ([key, text]) => placeholders(text).join() !== placeholders(translated.get(key) ?? '').join(),
          )
          .map(([key]) => key);
        expect(mismatched).toEqual([]);
      },
    );
  });
}
