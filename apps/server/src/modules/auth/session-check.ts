import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import { isRole } from '@fairway/domain';
import type { Db } from '../../db/client';
import type { AuthUser, SessionLookup } from '../../lib/access';
import type { DomainEventBus } from '../../lib/events';
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

/** How long a session's user, read once, answers for the requests after it (issue 22). */
export const SESSION_CACHE_MS = 1_000;
/** Sessions remembered at most: far above the operators active in any second. */
const SESSION_CACHE_LIMIT = 10_000;

/**
 * Whether an access token still speaks for someone: it verifies, its user exists, and its session has not
 * ended (logout, reuse of a rotated refresh token, a password change or reset). A session is alive while
 * its family holds a token that is not revoked.
 *
 * The user is read fresh with the session test in one statement (an indexed EXISTS on
 * `refresh_tokens.family_id`), and that answer serves the same session's requests for one second: a burst of
 * an operator's calls (a fleet's locks) read it once, not once per call (docs/decisions.md, "A session's
 * user is read once a second"). What ends a session or changes a user's access on this instance (logout, a
 * role or sites changed, a password set, the user removed: `user.access.changed`) forgets their sessions at
 * once, so it applies to the next request here; another instance sees it within that second.
 */
export class SessionCheck implements SessionLookup {
  /**
   * Built once and prepared on each connection: every request and socket runs it, and building it anew each
   * time was a visible share of the server's CPU under a burst of commands (issue 22).
   */
  private readonly liveUser;
  /** `userId sessionId` → the read (shared by the requests that come while it runs) and when it started. */
  private readonly recent = new Map<string, { user: Promise<AuthUser | null>; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
    bus?: DomainEventBus,
    private readonly cacheMs = SESSION_CACHE_MS,
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
    bus?.on('user.access.changed', (userId) => this.forgetUser(userId));
  }

  /** The live session of a bearer token, or null for anything invalid, expired or ended. */
  async token(token: string): Promise<AuthSession | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const user = await this.user(claims.sub, claims.sid);
    return user ? { user, sessionId: claims.sid, expiresAt: claims.exp } : null;
  }

  /**
   * The user when the session `sessionId` of `userId` is still alive, else null: read fresh, or as read for
   * this session less than a second ago. Only a live session's answer is kept.
   */
  async user(userId: string, sessionId: string, now = Date.now()): Promise<AuthUser | null> {
    const key = `${userId} ${sessionId}`;
    const kept = this.recent.get(key);
    if (kept && now - kept.at < this.cacheMs) return kept.user;
    const user = this.read(userId, sessionId);
    this.recent.delete(key);
    if (this.recent.size >= SESSION_CACHE_LIMIT) this.forgetStale(now);
    this.recent.set(key, { user, at: now });
    // A refused session or a failed read is not kept: the next request asks again.
    user.then(
      (found) => {
        if (!found && this.recent.get(key)?.user === user) this.recent.delete(key);
      },
      () => {
        if (this.recent.get(key)?.user === user) this.recent.delete(key);
      },
    );
    return user;
  }

  /** Forgets the sessions of a user whose access changed or whose sessions ended. */
  forgetUser(userId: string): void {
    const prefix = `${userId} `;
    for (const key of this.recent.keys()) if (key.startsWith(prefix)) this.recent.delete(key);
  }

  private forgetStale(now: number): void {
    // Oldest first (insertion order): stop at the first one still fresh, or make room by dropping the oldest.
    for (const [key, { at }] of this.recent) {
      if (now - at < this.cacheMs && this.recent.size < SESSION_CACHE_LIMIT) break;
      this.recent.delete(key);
    }
  }

  private async read(userId: string, sessionId: string): Promise<AuthUser | null> {
    const [row] = await this.liveUser.execute({ userId, sessionId });
    if (!row || !isRole(row.role)) return null;
    return { id: row.id, email: row.email, role: row.role, sites: row.sites };
  }
}
