import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, RateLimitedError } from '../lib/errors';
import { isDatabaseUnavailable } from '../lib/pg-errors';

/**
 * One place that shapes every error as `{ message }`: validation names the field, known HTTP errors keep
 * their status and message, anything else is logged and answered as a plain 500 without internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || error.validationContext;
      const message = first?.message ?? 'Invalid request';
      return reply.code(400).send({ message: field ? `${field}: ${message}` : message });
    }
    if (error instanceof RateLimitedError)
      return reply
        .code(429)
        .header('retry-after', String(error.retryAfter))
        .send({ message: error.message, code: 'rateLimited', retryAfter: error.retryAfter });
    if (error instanceof HttpError)
      return reply
        .code(error.statusCode)
        .send(error.code ? { message: error.message, code: error.code } : { message: error.message });
    // A request that met a database outage is not a bug: it may be tried again once PostgreSQL is back.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: 'The database is unavailable; try again in a moment', code: 'databaseUnavailable' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error' });
  });
});
