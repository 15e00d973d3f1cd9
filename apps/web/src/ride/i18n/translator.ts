import type en from '../locales/en.json';

/**
 * A tiny translator for the guest app (instead of i18next: the first visit's budget, and the operator app's
 * i18next types describe the operator bundle). One namespace, keys typed from en.json, `{{name}}`
 * interpolation; a key missing in a language falls back to English. Plurals are not needed: counts are
 * formatted by Intl (units), which knows each language's forms.
 */
export type Messages = typeof en;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The keys of a namespace's messages (`a.b.c` paths to its strings). */
export type KeysOf<M> = Leaves<M>;
export type MessageKey = Leaves<Messages>;
export type MessageVars = Record<string, string | number>;
/** A namespace's translate function; the app's own namespace is the default. */
export type Translate<M = Messages> = (key: KeysOf<M>, vars?: MessageVars) => string;

function lookup(messages: unknown, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function createTranslator<M = Messages>(messages: unknown, fallback: M): Translate<M> {
  return (key: string, vars?: MessageVars) => {
    const text = lookup(messages, key) ?? lookup(fallback, key) ?? key;
    if (!vars) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
      Object.hasOwn(vars, name) ? String(vars[name]) : placeholder,
    );
  };
}
