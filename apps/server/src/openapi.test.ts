import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOfflineApp, lintOpenApiDocument, type LintProblem } from './openapi-document';
import { OPENAPI_TAGS, tidySchemas } from './plugins/openapi';

/**
 * Issue 21 item 8: the OpenAPI document is fit for partners. Redocly's recommended rules (plus operationIds
 * and declared tags as errors) find no error, and every operation says what it does, has a unique camelCase
 * operationId, a declared tag and its own security requirement. Any route added without them fails here.
 */

interface Operation {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

let app: FastifyInstance;
let close: () => Promise<void>;
let document: Document;

beforeAll(async () => {
  ({ app, close } = await buildOfflineApp());
  document = app.swagger() as unknown as Document;
});
afterAll(async () => {
  await close();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

describe('the OpenAPI document', () => {
  it('passes redocly lint without an error', async () => {
    const problems = await lintOpenApiDocument(document);
    const describe = (problem: LintProblem) => `${problem.ruleId} at ${problem.pointer}: ${problem.message}`;
    expect(problems.filter((problem) => problem.severity === 'error').map(describe)).toEqual([]);
  });

  it('gives every operation a summary, a unique camelCase operationId, a declared tag and its security', () => {
    const declaredTags = new Set(OPENAPI_TAGS.map((tag) => tag.name));
    const schemes = new Set(Object.keys(document.components.securitySchemes));
    const faults: string[] = [];
    const seen = new Map<string, string>();
    for (const { name, operation } of operations()) {
      if (!operation.summary?.trim()) faults.push(`${name}: no summary`);
      const id = operation.operationId;
      if (!id || !/^[a-z][a-zA-Z0-9]*$/.test(id)) faults.push(`${name}: operationId ${id} is not camelCase`);
      else if (seen.has(id)) faults.push(`${name}: operationId ${id} is also ${seen.get(id)}`);
      else seen.set(id, name);
      if (!operation.tags?.length) faults.push(`${name}: no tag`);
      for (const tag of operation.tags ?? [])
        if (!declaredTags.has(tag)) faults.push(`${name}: tag ${tag} is not declared`);
      if (!Array.isArray(operation.security)) faults.push(`${name}: no security requirement of its own`);
      for (const requirement of operation.security ?? [])
        for (const scheme of Object.keys(requirement))
          if (!schemes.has(scheme)) faults.push(`${name}: security scheme ${scheme} is not declared`);
    }
    expect(faults).toEqual([]);
  });

  it('declares the bearer token, the site header and the API key', () => {
    expect(document.components.securitySchemes).toMatchObject({
      bearer: { type: 'http', scheme: 'bearer' },
      siteId: { type: 'apiKey', in: 'header', name: 'site-id' },
      apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
    });
  });

  it('lists no path with a trailing slash and no wildcard', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => path.endsWith('/') || path.includes('{*}'))).toEqual([]);
    expect(paths).toContain('/api/dashboard/sites');
  });
});

describe('routes registered at a prefix', () => {
  // Listed once in the document, but clients call them both ways (the web app without the slash, older
  // callers with it): both reach the route, which refuses the anonymous call before any service runs.
  it.each(['/api/dashboard/sites', '/api/dashboard/sites/', '/api/admin/sites', '/api/admin/sites/'])(
    'answers %s with or without the trailing slash',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode, res.body).toBe(401);
    },
  );
});

describe('tidySchemas', () => {
  it('gives a nullable union its common type', () => {
    const schema = { nullable: true, anyOf: [{ type: 'string' }, { type: 'string', enum: [''] }] };
    expect(tidySchemas(schema)).toEqual({ ...schema, type: 'string' });
  });

  it('makes each typed branch of a mixed nullable union nullable', () => {
    expect(tidySchemas({ nullable: true, anyOf: [{ type: 'string' }, { type: 'number' }] })).toEqual({
      anyOf: [
        { type: 'string', nullable: true },
        { type: 'number', nullable: true },
      ],
    });
  });

  it("merges a tuple's identical item schemas", () => {
    expect(
      tidySchemas({ type: 'array', items: { anyOf: [{ type: 'number' }, { type: 'number' }] } }),
    ).toEqual({
      type: 'array',
      items: { type: 'number' },
    });
  });
});
