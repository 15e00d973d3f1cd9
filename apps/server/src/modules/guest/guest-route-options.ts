import { errorBody, rateLimitedBody } from '@fairway/domain';

/**
 * What every anonymous guest route may answer besides its success: refusals as `{ message, code }` (the
 * page turns the code into its own language), 429 with the wait, and 504 when the cart did not answer a
 * lock or unlock (cartDidNotAnswer).
 */
export const GUEST_ERRORS = {
  400: errorBody,
  /** a partner app's x-api-key that is not valid (invalidApiKey); the club's own pages send none */
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: rateLimitedBody,
  504: errorBody,
};
/** Reads a phone makes while a page is open (the ride page polls every 2 s, the master page after a toggle). */
export const GUEST_READS = { rateLimit: { max: 120, timeWindow: '1 minute' } };
/** What a guest does: a few taps a round (an unlock, a booking, a lock toggle). */
export const GUEST_ACTIONS = { rateLimit: { max: 30, timeWindow: '1 minute' } };
