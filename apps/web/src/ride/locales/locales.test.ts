import { describe, expect, it } from 'vitest';
import { rideMessages } from '.';

type Tree = { [key: string]: string | Tree };

const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`),
  );

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('guest app translations', () => {
  const english = new Map(entries(rideMessages.en as Tree));

  it('has English texts', () => {
    expect(english.size).toBeGreaterThan(100);
  });

  it.each(['de', 'da', 'cs'] as const)(
    '%s has exactly the English keys, none empty, same placeholders',
    (locale) => {
      const translated = new Map(entries(rideMessages[locale] as Tree));
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      const empty = [...translated].filter(([, text]) => text.trim() === '').map(([key]) => key);
      expect(empty).toEqual([]);
      const mismatched = [...english]
        .filter(([key, text]) => placeholders(text).join() !== placeholders(translated.get(key) ?? '').join())
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    },
  );
});
