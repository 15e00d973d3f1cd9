import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CodeAttemptLimiter } from './code-attempts';

/**
 * For the pre-handler of a guest route that takes a 6-digit code: counts the try (code-attempts.ts), or
 * answers 429 rateLimited with the whole seconds to wait, as `retryAfter` and Retry-After, so the phone
 * counts down in its own language. Pre-handlers run after validation: a malformed code is a 400, not a try.
 */
export async function limitCodeTry(
  limiter: CodeAttemptLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
  attempt: { target: string; code: string },
): Promise<void> {
  const wait = limiter.take({ address: request.ip, ...attempt });
  if (!wait) return;
  await reply
    .code(429)
    .header('retry-after', String(wait.retryAfter))
    .send({
      message: `Too many tries; try again in ${wait.retryAfter} seconds`,
      code: 'rateLimited' as const,
      retryAfter: wait.retryAfter,
    });
}
