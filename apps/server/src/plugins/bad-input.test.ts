import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../runtime';
import { loginAs, startTestServer } from '../../test/helpers';
import { freshSite } from '../modules/members/members.test-support';

/**
 * Generated from the OpenAPI document (issue 15 items 8 and 22): every route gets wrong types, NUL, lone
 * surrogates, huge strings, deep nesting and prototype keys in its path, query and body, from a caller
 * that passes its access check. Every answer must be a 4xx (a 5xx is a bug), and the database must be
 * exactly as before.
 */

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  nullable?: boolean;
  $ref?: string;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface Case {
  label: string;
  method: string;
  url: string;
  payload?: string;
}

const HUGE = 'x'.repeat(100_000);
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const DEEP = 5_000;

let rt: Runtime;
let siteId: string;
let superadmin: string;
let spec: OpenApi;

beforeAll(async () => {
  rt = await startTestServer();
  siteId = (await freshSite(rt)).siteId;
  superadmin = await loginAs(rt, 'superadmin@example.com');
  spec = rt.app.swagger() as unknown as OpenApi;
});
afterAll(async () => {
  await rt.stop();
});

function resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.split('/').pop()!;
  return spec.components?.schemas?.[name];
}

/** The JSON types a schema accepts; empty when it says nothing (anything goes). */
function typesOf(raw: JsonSchema | undefined): Set<string> {
  const schema = resolve(raw);
  const types = new Set<string>();
  if (!schema) return types;
  if (typeof schema.type === 'string') types.add(schema.type);
  if (Array.isArray(schema.type)) schema.type.forEach((type) => types.add(type));
  if (schema.nullable) types.add('null');
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    typesOf(part).forEach((type) => types.add(type));
  if (types.has('integer')) types.add('number');
  return types;
}

const SAMPLES: Array<[string, unknown]> = [
  ['string', 'not-the-type'],
  ['number', 12345],
  ['boolean', true],
  ['object', { nested: 1 }],
  ['array', [1, 2]],
];

/** A value of a type the schema does not accept, or undefined when it accepts anything. */
function wrongValue(schema: JsonSchema | undefined): unknown {
  const types = typesOf(schema);
  if (types.size === 0) return undefined;
  return SAMPLES.find(([type]) => !types.has(type))?.[1];
}

function deepNest(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** Every bad request for one operation. */
function casesFor(path: string, method: string, op: Operation): Case[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((param) => param.in === 'path').map((param) => param.name);
  const fill = (bad?: { name: string; value: string }) =>
    path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
      bad && name === bad.name ? bad.value : pathParams.includes(name) ? randomUUID() : name,
    );
  const url = fill();
  const cases: Case[] = [];
  const upper = method.toUpperCase();

  for (const name of pathParams) {
    for (const [label, value] of [
      ['NUL', '%00'],
      ['NUL inside', 'a%00b'],
      ['control', '%1B%5B31m'],
      ['huge', HUGE.slice(0, 5_000)],
      ['prototype', '__proto__'],
    ] as const)
      cases.push({ label: `path ${name}: ${label}`, method: upper, url: fill({ name, value }) });
  }

  for (const param of params.filter((param) => param.in === 'query')) {
    const values: Array<[string, string]> = [
      ['NUL', '%00'],
      ['NUL inside', 'a%00b'],
      ['control', '%07'],
      ['huge', HUGE],
    ];
    // Every query value arrives as text: only a parameter that takes no text can get a wrong type.
    const types = typesOf(param.schema);
    if (types.size > 0 && !types.has('string')) values.push(['wrong type', 'not-the-type']);
    for (const [label, value] of values)
      cases.push({
        label: `query ${param.name}: ${label}`,
        method: upper,
        url: `${url}?${param.name}=${value}`,
      });
  }

  const declared = resolve(op.requestBody?.content?.['application/json']?.schema);
  // A body that may be absent (`nullish()`) lists its object among alternatives.
  const body = declared?.properties
    ? declared
    : ((declared?.anyOf ?? declared?.oneOf ?? []).map(resolve).find((part) => part?.properties) ?? declared);
  const bodyMayBeNull = typesOf(declared).has('null');
  if (body && upper !== 'GET') {
    const wholes: Array<[string, string]> = [
      ['number', '42'],
      ['array', '[]'],
      ['string', '"text"'],
      ['null', 'null'],
      ['deep nesting', deepNest(DEEP)],
      ['__proto__ key', '{"__proto__":{"polluted":true}}'],
      ['constructor key', '{"constructor":{"prototype":{"polluted":true}}}'],
      ['NUL key', '{"a\\u0000b":"x"}'],
    ];
    for (const [label, payload] of wholes)
      if (!(label === 'null' && bodyMayBeNull))
        cases.push({ label: `body: ${label}`, method: upper, url, payload });
    for (const [prop, schema] of Object.entries(body.properties ?? {})) {
      const values: Array<[string, unknown]> = [];
      const wrong = wrongValue(schema);
      if (wrong !== undefined) values.push(['wrong type', wrong]);
      const types = typesOf(schema);
      if (types.size === 0 || types.has('string'))
        values.push(
          ['NUL', NUL],
          ['lone surrogate', LONE_SURROGATE],
          ['control', 'a\u001bb'],
          ['huge', HUGE],
        );
      if (types.size === 0 || types.has('array') || types.has('object'))
        values.push(['prototype key', JSON.parse('{"__proto__":{"polluted":true}}')]);
      for (const [label, value] of values)
        cases.push({
          label: `body ${prop}: ${label}`,
          method: upper,
          url,
          payload: JSON.stringify({ [prop]: value }),
        });
      cases.push({
        label: `body ${prop}: deep nesting`,
        method: upper,
        url,
        payload: `{${JSON.stringify(prop)}:${deepNest(DEEP)}}`,
      });
    }
  }
  return cases;
}

/** Public routes are called anonymously (a token sent to logout would end the session the test uses). */
function isPublic(method: string, path: string): boolean {
  const url = path.replace(/\{([^}]+)\}/g, (_match, name: string) => (name === '*' ? '*' : `:${name}`));
  const entry = rt.app
    .routeAccess()
    .find((route) => route.method === method.toUpperCase() && route.url === url);
  if (!entry) throw new Error(`${method} ${path} is not in the route table`);
  return entry.access === 'public';
}

/** A fingerprint of every table: row count and a hash of all rows. */
async function fingerprint(): Promise<Map<string, string>> {
  const tables = await rt.ctx.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result = new Map<string, string>();
  for (const { name } of tables.rows) {
    const table = sql.identifier(name);
    const [row] = (
      await rt.ctx.db.execute<{ n: string; h: string | null }>(
        sql`select count(*)::text as n, md5(string_agg(md5(t::text), '' order by md5(t::text))) as h from ${table} t`,
      )
    ).rows;
    result.set(name, `${row!.n}:${row!.h ?? ''}`);
  }
  return result;
}

describe('bad input on every route', () => {
  it('answers 4xx and changes nothing', async () => {
    const before = await fingerprint();
    const failures: string[] = [];
    let count = 0;
    for (const [path, operations] of Object.entries(spec.paths)) {
      if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const publicRoute = isPublic(method, path);
        for (const item of casesFor(path, method, op)) {
          const res = await rt.app.inject({
            method: item.method as 'GET',
            url: item.url,
            headers: {
              ...(publicRoute ? {} : { authorization: `Bearer ${superadmin}` }),
              'site-id': siteId,
              ...(item.payload !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(item.payload !== undefined ? { payload: item.payload } : {}),
          });
          count++;
          if (res.statusCode < 400 || res.statusCode >= 500)
            failures.push(
              `${item.method} ${path} ${item.label} → ${res.statusCode} ${res.body.slice(0, 100)}`,
            );
        }
      }
    }
    const after = await fingerprint();
    // The caller's session survived every case (a dead token would make every answer a trivial 401).
    const still = await rt.app.inject({
      url: '/api/dashboard/auth',
      headers: { authorization: `Bearer ${superadmin}` },
    });
    expect(still.statusCode).toBe(200);
    const changed = [...after].filter(([name, print]) => before.get(name) !== print).map(([name]) => name);
    expect(count).toBeGreaterThan(500);
    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
    // Nothing reached a prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 180_000);
});
