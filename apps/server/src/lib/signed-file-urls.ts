import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where the server serves the local store's signed URLs (modules/files/signed-files.routes.ts). */
export const SIGNED_FILES_PATH = '/api/signed-files/';

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/**
 * Expiring URLs to files of the local store, signed with HMAC-SHA256 over the key and the expiry, so a
 * holder can neither stretch the time nor point the URL at another file. The S3 store presigns instead.
 */
export class FileUrlSigner {
  constructor(
    private readonly secret: string,
    /** The server's address as carts reach it (PUBLIC_URL, else where it listens); read at signing time. */
    private readonly baseUrl: () => string,
    private readonly clock: () => number = Date.now,
  ) {}

  sign(key: string, ttlSeconds: number): string {
    const expires = Math.floor(this.clock() / 1000) + Math.max(1, Math.floor(ttlSeconds));
    const query = new URLSearchParams({ expires: String(expires), signature: this.signature(key, expires) });
    return `${this.baseUrl().replace(/\/+$/, '')}${SIGNED_FILES_PATH}${key}?${query.toString()}`;
  }

  check(key: string, expires: string, signature: string): SignatureCheck {
    if (!/^\d{1,12}$/.test(expires)) return 'invalid';
    const expected = Buffer.from(this.signature(key, Number(expires)), 'hex');
    const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    // Judged after the signature, so a forged expiry is 'invalid', never 'expired'.
    return Number(expires) * 1000 < this.clock() ? 'expired' : 'valid';
  }

  private signature(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('hex');
  }
}
