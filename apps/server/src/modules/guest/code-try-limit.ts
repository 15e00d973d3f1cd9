import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, RateLimitedError } from '../../lib/errors';
import type { CodeAttemptLimiter } from './code-attempts';

/**
 * For the pre-handler of a guest route that takes a 6-digit code: counts the try (code-attempts.ts), or
 * answers 429 rateLimited with the whole seconds to wait, as `retryAfter` and Retry-After, so the phone
 * counts down in its own language. Pre-handlers run after validation: a malformed code is a 400, not a try.
 */
export async function limitCodeTry(
  limiter: CodeAttemptLimiter,
  request: FastifyRequest,
  attempt: { target: string; code: string },
): Promise<void> {
  refuseWhile(limiter.take({ address: request.ip, ...attempt }));
}

/**
 * For routes whose code is sent on every call once it is right (the booking page): the pre-handler refuses
 * while the address, target or code is over its limit, and only a call the service answers `missCode`
 * (the code did not match) counts as a try, so a guest using their own booking is never slowed down.
 */
export function limitCodeMisses<R extends FastifyRequest>(
  limiter: CodeAttemptLimiter,
  missCode: string,
  attemptOf: (request: R) => { target: string; code: string },
) {
  return {
    // Typed loosely so that spreading them into a route leaves its own schema types alone; `R` is what
    // the route's schema validated before these run.
    preHandler: async (request: FastifyRequest) =>
      refuseWhile(limiter.blocked({ address: request.ip, ...attemptOf(request as R) })),
    onError: async (request: FastifyRequest, _reply: FastifyReply, error: Error) => {
      if (error instanceof HttpError && error.code === missCode)
        limiter.take({ address: request.ip, ...attemptOf(request as R) });
    },
  };
}

/** Throws the 429 (plugins/errors.ts shapes it) while `wait` says the caller is over a limit. */
function refuseWhile(wait: { retryAfter: number } | null): void {
  if (wait) throw new RateLimitedError(wait.retryAfter);
}
