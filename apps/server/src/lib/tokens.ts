import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random, URL-safe secret with 256 bits of entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/**
 * High-entropy random secrets (refresh tokens, device secrets, reset tokens) are stored as their SHA-256:
 * brute force is hopeless at 256 bits, and a fast hash keeps 2,000 carts reconnecting at once cheap.
 * Human passwords use argon2id instead (auth module).
 */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function tokenMatches(token: string, hash: string): boolean {
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
