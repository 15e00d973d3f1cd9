/**
 * Reading requests the way Stripe's API does, for the fake (test support). stripe-node sends parameters
 * form-encoded in bracket notation — `line_items[0][price_data][unit_amount]=4000`, `expand[0]=data.destination`
 * — in the body of a POST and the query of a GET; every value arrives as a string.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** Keys that would reach an object's prototype instead of a field. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Nested objects from bracket notation; objects whose keys are all indexes become arrays. */
export function parseStripeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.split('[').map((segment) => segment.replace(/\]$/, ''));
    if (path.some((segment) => UNSAFE_KEYS.has(segment))) continue;
    let node = root;
    for (const segment of path.slice(0, -1)) {
      const child = node[segment];
      node = (
        child && typeof child === 'object' && !Array.isArray(child) ? child : (node[segment] = {})
      ) as FormObject;
    }
    node[path.at(-1)!] = value;
  }
  return arraysFromIndexes(root) as FormObject;
}

function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([key, child]) => [key, arraysFromIndexes(child)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key)))
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, child]) => child);
  return Object.fromEntries(entries);
}

/** The value at a dotted path (`price_data.unit_amount`), or undefined. */
export function formField(form: FormValue | undefined, path: string): FormValue | undefined {
  let node: FormValue | undefined = form;
  for (const segment of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Array.isArray(node) ? node[Number(segment)] : node[segment];
  }
  return node;
}

/** Parameter names (`a[b][0]`) of the empty strings in a form, outside metadata, where empty deletes a key. */
export function emptyFields(form: FormValue, path = ''): string[] {
  if (typeof form === 'string') return form === '' ? [path] : [];
  return Object.entries(form).flatMap(([key, child]) =>
    key === 'metadata' ? [] : emptyFields(child, path ? `${path}[${key}]` : key),
  );
}
