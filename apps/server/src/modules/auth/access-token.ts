import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { LIMITS, accessClaims, type AccessClaims, type Role } from '@fairway/domain';

/** The verified claims plus the session (refresh-token family) the token was issued for. */
export type VerifiedAccess = AccessClaims & { sid: string };

const sessionClaim = z.object({ sid: z.uuid() });

/** Short-lived HS256 access tokens carrying the user id, role and expiry (spec §3 User tokens). */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * `sessionId` is the refresh-token family the access token belongs to: every request checks that the
   * session is still alive (`SessionCheck`), logout with only an access token ends it, and a password
   * change keeps the session it was made from.
   */
  sign(
    userId: string,
    role: Role,
    sessionId: string,
    ttlSeconds: number = LIMITS.accessTokenTtlSeconds,
  ): Promise<string> {
    return new SignJWT({ role, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  /** The verified claims, or null for anything invalid or expired, or without a session. */
  async verify(token: string): Promise<VerifiedAccess | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const parsed = accessClaims.safeParse(payload);
      if (!parsed.success) return null;
      const session = sessionClaim.safeParse(payload);
      return session.success ? { ...parsed.data, sid: session.data.sid } : null;
    } catch {
      return null;
    }
  }
}
