import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from '@fairway/domain';
import { badRequest } from '../lib/errors';

/**
 * The domain's text rule applied to every string a request brings (path parameters, query, body values
 * and keys), before validation. The schemas apply the rule field by field (with NFC normalisation and the
 * single-line strictness where it fits); this net makes sure no route, present or future, hands NUL or a
 * lone surrogate to PostgreSQL because one of its fields was declared as a plain `z.string()`. It knows
 * no field, so it is the lenient multi-line form of the rule.
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const where = unsafeIn({ params: request.params, query: request.query, body: request.body });
    if (where) throw badRequest(`${where}: ${UNSAFE_TEXT_MESSAGE}`);
  });
});

/** The path of the first string (or key) that breaks the rule, or null. Iterative: bodies may nest deep. */
export function unsafeIn(input: unknown): string | null {
  const stack: Array<[unknown, string]> = [[input, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (hasUnsafeCharacters(value, true)) return path || 'input';
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasUnsafeCharacters(key, true)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}
