/** Errors services throw; the error handler turns them into `{ message }` with the status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Stable reason the web app translates (e.g. 'offline', 'alreadyLocked'); message stays English. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * 429 with the whole seconds to wait (`retryAfter`, also the Retry-After header), so a page counts down in
 * its own language; every limit (the per-route rate limits and the code-try limiter) answers this shape.
 */
export class RateLimitedError extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, `Too many tries; try again in ${retryAfter} seconds`, 'rateLimited');
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this', code?: string) =>
  new HttpError(403, message, code);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);
