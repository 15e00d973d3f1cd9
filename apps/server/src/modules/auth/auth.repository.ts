import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { passwordResets, refreshTokens } from '../../db/tables/auth';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** SQL for refresh tokens and password resets (users and invites are in UsersRepository). */
export class AuthRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The same queries inside a transaction the calling service runs (the composition root builds this one). */
  in(db: DbExecutor): AuthRepository {
    return new AuthRepository(db);
  }

  async insertRefreshToken(values: {
    userId: string;
    familyId: string;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(refreshTokens).values(values);
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  /**
   * Revokes one token if it is still active. False means another request revoked it first: two uses of one
   * token, which the caller treats as reuse.
   */
  async revokeRefreshToken(id: string): Promise<boolean> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length > 0;
  }

  /** Revokes every still-active token of a family (one sign-in session); `userId` narrows it to its owner. */
  async revokeFamily(familyId: string, userId?: string): Promise<number> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.familyId, familyId),
          isNull(refreshTokens.revokedAt),
          userId ? eq(refreshTokens.userId, userId) : undefined,
        ),
      )
      .returning({ id: refreshTokens.id });
    return rows.length;
  }

  /** Revokes all of a user's sessions, except the family `keepFamilyId` when given. */
  async revokeUserTokens(userId: string, keepFamilyId?: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
        ),
      );
  }

  async insertPasswordReset(values: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.db.insert(passwordResets).values(values);
  }

  /**
   * Marks the reset used if it belongs to the user, is unused and unexpired, in one statement, so two
   * requests with the same link cannot both succeed.
   */
  async consumePasswordReset(userId: string, tokenHash: string, now = new Date()): Promise<boolean> {
    const rows = await this.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.userId, userId),
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ id: passwordResets.id });
    return rows.length > 0;
  }

  /** Every other outstanding reset link of the user stops working (after a reset or a password change). */
  async invalidatePasswordResets(userId: string, now = new Date()): Promise<void> {
    await this.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  }

  /**
   * Deletes refresh tokens and reset links that expired more than `graceDays` ago. Revoked tokens are kept
   * until then so that a replay of a rotated token is still recognised as reuse. Meant for a daily job.
   */
  async pruneExpired(
    graceDays = 7,
    now = Date.now(),
  ): Promise<{ refreshTokens: number; passwordResets: number }> {
    const before = new Date(now - graceDays * 24 * 60 * 60 * 1000);
    const tokens = await this.db
      .delete(refreshTokens)
      .where(lt(refreshTokens.expiresAt, before))
      .returning({ id: refreshTokens.id });
    const resets = await this.db
      .delete(passwordResets)
      .where(lt(passwordResets.expiresAt, before))
      .returning({ id: passwordResets.id });
    return { refreshTokens: tokens.length, passwordResets: resets.length };
  }
}
