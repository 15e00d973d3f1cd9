import type { z } from 'zod';

/**
 * A quicker first look at a message than the schema's own `safeParse`, for the one message a fleet sends by
 * the thousand every second (telemetry): compiled once from the schema itself, so its rules cannot drift from
 * it. It answers the parsed message (the schema's fields only, as `safeParse` strips the rest) when the
 * message is valid, and null when it is not or when the schema uses something it does not know; the caller
 * then asks the schema, which also says what is wrong. Zod builds a result and an issue list per field, and
 * validating was an eighth of what the server allocated per report (bench (a) heap profile, issue 22).
 *
 * It knows objects of: numbers with `int`, `min`, `max`, `nonnegative`; booleans; enums; unions of literals;
 * and `optional` of those. `fastParser(schema)` is null for a schema with anything else.
 */
export type FastParser<T> = (input: unknown) => T | null;

type Check = (value: unknown) => boolean;

/** The parts of Zod 4's schema definitions read here (`schema._zod.def`). */
interface Def {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  innerType?: Schema;
  entries?: Record<string, unknown>;
  options?: Schema[];
  values?: unknown[];
  shape?: Record<string, Schema>;
  catchall?: Schema;
}
interface CheckDef {
  check: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
}
interface Schema {
  _zod: { def: Def };
}

/** One number check, or null for a check this does not know (the schema then decides alone). */
function numberCheck({ check, format, value, inclusive }: CheckDef): Check | null {
  if (check === 'number_format' && format === 'safeint') return (v) => Number.isSafeInteger(v);
  if (typeof value !== 'number') return null;
  if (check === 'greater_than')
    return inclusive ? (v) => (v as number) >= value : (v) => (v as number) > value;
  if (check === 'less_than') return inclusive ? (v) => (v as number) <= value : (v) => (v as number) < value;
  return null;
}

/** Literal values a union of literals (or one literal) allows, or null when it is anything else. */
function literalValues(def: Def): Set<unknown> | null {
  if (def.type === 'literal') return new Set(def.values);
  if (def.type !== 'union' || !def.options) return null;
  const values = new Set<unknown>();
  for (const option of def.options) {
    const inner = literalValues(option._zod.def);
    if (!inner) return null;
    for (const value of inner) values.add(value);
  }
  return values;
}

function fieldCheck(schema: Schema): Check | null {
  const { def } = schema._zod;
  const checks = def.checks ?? [];
  if (def.type === 'optional' && def.innerType && checks.length === 0) {
    const inner = fieldCheck(def.innerType);
    return inner && ((v) => v === undefined || inner(v));
  }
  if (def.type === 'number') {
    const all = checks.map((check) => numberCheck(check._zod.def));
    if (all.some((check) => check === null)) return null;
    const known = all as Check[];
    // Zod 4's numbers are finite: NaN and the infinities are refused (JSON has neither anyway).
    return (v) => typeof v === 'number' && Number.isFinite(v) && known.every((check) => check(v));
  }
  if (checks.length > 0) return null;
  if (def.type === 'boolean') return (v) => typeof v === 'boolean';
  if (def.type === 'enum' && def.entries) {
    const values = new Set(Object.values(def.entries));
    return (v) => values.has(v);
  }
  const literals = literalValues(def);
  return literals && ((v) => literals.has(v));
}

export function fastParser<S extends z.ZodType>(schema: S): FastParser<z.output<S>> | null {
  const def = (schema as unknown as Schema)._zod.def;
  if (def.type !== 'object' || !def.shape || def.catchall !== undefined || (def.checks ?? []).length > 0)
    return null;
  const fields: Array<[string, Check]> = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const check = fieldCheck(field);
    if (!check) return null;
    fields.push([key, check]);
  }
  return (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
    const source = input as Record<string, unknown>;
    let present = 0;
    for (const [key, check] of fields) {
      const value = source[key];
      if (!check(value)) return null;
      if (value !== undefined) present += 1;
    }
    // Nothing to strip (a parsed JSON object has no inherited enumerable keys): the input is the message, and
    // no copy is made. Firmware that sends more fields gets the copy the schema would make.
    let keys = 0;
    for (const _key in source) keys += 1;
    if (keys === present) return source as z.output<S>;
    const parsed: Record<string, unknown> = {};
    for (const [key] of fields) {
      // An optional field that is absent stays absent, as the schema leaves it.
      if (source[key] !== undefined) parsed[key] = source[key];
    }
    return parsed as z.output<S>;
  };
}
