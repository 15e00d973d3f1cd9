import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import { isRole } from '@fairway/domain';
import type { Db } from '../../db/client';
import type { AuthUser, SessionLookup } from '../../lib/access';
import { users } from '../../db/tables/users';
import type { AccessTokens } from './access-token';
import { refreshTokens } from '../../db/tables/auth';

/** Who an access token acts for, and the session (refresh-token family) it belongs to. */
export interface AuthSession {
  user: AuthUser;
  sessionId: string;
  /** When the access token expires (epoch seconds); a socket opened with it is dropped then. */
  expiresAt: number;
}

/**
 * Whether an access token still speaks for someone: it verifies, its user exists, and its session has not
 * ended (logout, reuse of a rotated refresh token, a password change or reset). A session is alive while
 * its family holds a token that is not revoked.
 *
 * Every request already reads its user fresh, so a lowered role or a removed site applies at once; the
 * session test rides on that same statement (an indexed EXISTS on `refresh_tokens.family_id`) instead of
 * a cache. That costs no extra round trip, and a revocation on one server instance is seen by every other
 * instance at the next request, with no cache to invalidate or notification to miss.
 */
export class SessionCheck implements SessionLookup {
  /**
   * Built once and prepared on each connection: every request and socket runs it, and building it anew each
   * time was a visible share of the server's CPU under a burst of commands (issue 22).
   */
  private readonly liveUser;

  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
  ) {
    this.liveUser = db
      .select({ id: users.id, email: users.email, role: users.role, sites: users.sites })
      .from(users)
      .where(
        and(
          eq(users.id, sql.placeholder('userId')),
          exists(
            db
              .select({ one: refreshTokens.id })
              .from(refreshTokens)
              .where(
                and(
                  eq(refreshTokens.familyId, sql.placeholder('sessionId')),
                  eq(refreshTokens.userId, users.id),
                  isNull(refreshTokens.revokedAt),
                ),
              ),
          ),
        ),
      )
      .prepare('fairway_session_user');
  }

  /** The live session of a bearer token, or null for anything invalid, expired or ended. */
  async token(token: string): Promise<AuthSession | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const user = await this.user(claims.sub, claims.sid);
    return user ? { user, sessionId: claims.sid, expiresAt: claims.exp } : null;
  }

  /** The user, read fresh, when the session `sessionId` of `userId` is still alive; else null. */
  async user(userId: string, sessionId: string): Promise<AuthUser | null> {
    const [row] = await this.liveUser.execute({ userId, sessionId });
    if (!row || !isRole(row.role)) return null;
    return { id: row.id, email: row.email, role: row.role, sites: row.sites };
  }
}
