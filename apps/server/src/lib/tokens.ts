import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random, URL-safe secret with 256 bits of entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/**
 * High-entropy random secrets (refresh tokens, device secrets, reset tokens) are stored as their SHA-256:
 * brute force is hopeless at 256 bits, and a fast hash keeps 2,000 carts reconnecting at once cheap.
 * Human passwords use argon2id instead (auth module).
 */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Equal bytes, compared in time that does not depend on how much of them matched. */
function bytesEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export const tokenMatches = (token: string, hash: string): boolean =>
  bytesEqual(Buffer.from(hashToken(token), 'hex'), Buffer.from(hash, 'hex'));

/**
 * A typed code (a cart's, a booking's) equals the stored one, compared in constant time: the code is the
 * guest's only secret. Nothing stored (null) matches nothing.
 */
export const codeMatches = (given: string, stored: string | null): boolean =>
  stored !== null && bytesEqual(Buffer.from(given), Buffer.from(stored));
