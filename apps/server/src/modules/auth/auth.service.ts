import { randomUUID } from 'node:crypto';
import { LIMITS, isRole, type Account } from '@fairway/domain';
import type { CoreContext } from '../../context';
import { badRequest, conflict, HttpError, unauthorized } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { renderMail } from '../mail/templates';
import { USER_MESSAGES } from '../users/user-messages';
import { toAccount } from '../users/users.presenter';
import {
  isUniqueViolation,
  type UserPatch,
  type UserRow,
  type UsersRepository,
} from '../users/users.repository';
import type { VerifiedAccess } from './access-token';
import type { AuthRepository } from './auth.repository';
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from '../../lib/passwords';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  invalidSession: 'Session expired or invalid',
  emailTaken: USER_MESSAGES.emailTaken,
  inviteInvalid: 'Invite is invalid or has expired',
  resetInvalid: 'Reset link is invalid or has expired',
  currentPasswordRequired: 'Enter your current password to change your email or password',
  currentPasswordWrong: 'Current password is incorrect',
  registered: 'Account created, you can now log in',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sign-in sessions and account self-service. A session is a refresh-token family: login starts one, every
 * refresh rotates its token, reuse of a rotated token ends it, logout ends it. Access tokens are short-lived
 * JWTs naming their family (`sid`); every request checks that family is still alive (`SessionCheck`).
 */
export class AuthService {
  constructor(
    private readonly ctx: CoreContext,
    private readonly users: UsersRepository,
    private readonly auth: AuthRepository,
  ) {}

  async login(email: string, password: string): Promise<TokenPair> {
    const user = await this.users.findByEmail(email);
    if (!user) {
      await verifyAgainstNothing(password);
      throw unauthorized(MESSAGES.invalidCredentials);
    }
    if (!(await verifyPassword(user.passwordHash, password)) || !isRole(user.role)) {
      throw unauthorized(MESSAGES.invalidCredentials);
    }
    if (needsRehash(user.passwordHash)) {
      await this.users.update(user.id, { passwordHash: await hashPassword(password) });
    }
    const pair = await this.startSession(user, randomUUID());
    await this.users.touchLastSeen(user.id);
    return pair;
  }

  async refresh(refreshToken: string): Promise<TokenPair> {
    const row = await this.auth.findRefreshToken(hashToken(refreshToken));
    if (!row) throw unauthorized(MESSAGES.invalidSession);
    if (row.revokedAt) {
      await this.revokeStolenFamily(row.familyId, row.userId);
      throw unauthorized(MESSAGES.invalidSession);
    }
    if (row.expiresAt.getTime() <= Date.now()) throw unauthorized(MESSAGES.invalidSession);
    const user = await this.users.findById(row.userId);
    if (!user || !isRole(user.role)) throw unauthorized(MESSAGES.invalidSession);
    // Revoking the token and issuing its successor commit together: a request checking the session in
    // between must never find the family without a live token (it would answer 401 to a valid session).
    const pair = await this.ctx.db.transaction(async (tx) => {
      const auth = this.auth.in(tx);
      // Only one request may rotate a token; the loser presented an already-used token.
      if (!(await auth.revokeRefreshToken(row.id))) return null;
      return this.startSession(user, row.familyId, auth);
    });
    if (!pair) {
      await this.revokeStolenFamily(row.familyId, row.userId);
      throw unauthorized(MESSAGES.invalidSession);
    }
    await this.users.touchLastSeen(user.id);
    return pair;
  }

  /**
   * Ends the session named by the refresh token (holding it is proof enough) or, without one, the session
   * of the access token. Unknown, revoked or expired tokens are fine as long as something identifies the
   * caller; with nothing valid at all the answer is 401.
   */
  async logout(refreshToken: string | undefined, access: VerifiedAccess | null): Promise<void> {
    let identified = false;
    if (refreshToken) {
      const row = await this.auth.findRefreshToken(hashToken(refreshToken));
      if (row) {
        await this.auth.revokeFamily(row.familyId);
        this.sessionsEnded(row.userId);
        identified = true;
      }
    }
    if (access) {
      await this.auth.revokeFamily(access.sid, access.sub);
      this.sessionsEnded(access.sub);
      identified = true;
    }
    if (!identified) throw unauthorized(MESSAGES.invalidSession);
  }

  async account(userId: string): Promise<Account> {
    const user = await this.users.findById(userId);
    if (!user) throw unauthorized(MESSAGES.invalidSession);
    return this.present(user);
  }

  /**
   * Changes the caller's email and/or password. Both need the current password: a stolen access token
   * alone must not be enough to take the account over. A new password ends every other session.
   */
  async updateAccount(
    userId: string,
    sessionId: string | undefined,
    body: { email?: string; password?: string; currentPassword?: string },
  ): Promise<Account> {
    const user = await this.users.findById(userId);
    if (!user) throw unauthorized(MESSAGES.invalidSession);
    const emailChanges = body.email !== undefined && body.email !== user.email;
    if (!emailChanges && body.password === undefined) return this.present(user);
    if (!body.currentPassword) throw badRequest(MESSAGES.currentPasswordRequired);
    if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
      throw new HttpError(400, MESSAGES.currentPasswordWrong, 'currentPasswordWrong');
    }
    const patch: UserPatch = {};
    if (emailChanges) {
      const holder = await this.users.findByEmail(body.email!);
      if (holder && holder.id !== user.id) throw conflict(MESSAGES.emailTaken);
      patch.email = body.email;
    }
    if (body.password !== undefined) patch.passwordHash = await hashPassword(body.password);
    const updated = await this.saveUser(user.id, patch);
    if (body.password !== undefined) {
      await this.auth.revokeUserTokens(user.id, sessionId);
      await this.auth.invalidatePasswordResets(user.id);
      this.sessionsEnded(user.id);
    }
    return this.present(updated);
  }

  /** Creates the account an invite was sent for; the invite is used up in the same transaction. */
  async register(body: { email: string; token: string; password: string }): Promise<void> {
    const invite = await this.users.findInviteByToken(body.token);
    if (!invite || invite.email !== body.email || invite.expiresAt.getTime() <= Date.now()) {
      throw badRequest(MESSAGES.inviteInvalid);
    }
    if (await this.users.findByEmail(body.email)) throw conflict(MESSAGES.emailTaken);
    const passwordHash = await hashPassword(body.password);
    try {
      await this.ctx.db.transaction(async (tx) => {
        const users = this.users.in(tx);
        if (!(await users.deleteInvite(invite.id))) throw badRequest(MESSAGES.inviteInvalid);
        await users.insert({
          email: invite.email,
          passwordHash,
          role: invite.role,
          sites: invite.sites,
          lang: invite.lang,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MESSAGES.emailTaken);
      throw error;
    }
  }

  /**
   * Sends a reset link when the email belongs to a user. The caller answers the same whatever happens, and
   * the work runs after the answer, so neither the answer nor its timing tells whether the account exists.
   */
  forgotPassword(email: string): void {
    void (async () => {
      const user = await this.users.findByEmail(email);
      if (user) await this.sendPasswordReset(user);
    })().catch((error: unknown) => this.ctx.log.error({ err: error }, 'password reset mail failed'));
  }

  /** Ends the user's sessions and outstanding reset links (an admin set their password). */
  async endSessions(userId: string): Promise<void> {
    await this.auth.revokeUserTokens(userId);
    await this.auth.invalidatePasswordResets(userId);
  }

  /** Removes refresh tokens and reset links expired a week ago or more (a daily job). */
  pruneExpiredSessions(): Promise<{ refreshTokens: number; passwordResets: number }> {
    return this.auth.pruneExpired();
  }

  /** Creates a single-use reset token (stored hashed) and mails its link in the user's language. */
  async sendPasswordReset(user: UserRow): Promise<void> {
    const token = randomToken();
    const minutes = LIMITS.passwordResetTtlMinutes;
    await this.auth.insertPasswordReset({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    const link = `${this.publicUrl()}/login/passwordReset?${new URLSearchParams({ id: user.id, token }).toString()}`;
    await this.ctx.mail.send({
      to: user.email,
      ...renderMail('passwordReset', user.lang, { link, minutes }),
    });
  }

  /** Sets a new password from a reset link; the link works once, and every session of the user ends. */
  async resetPassword(body: { userId: string; token: string; password: string }): Promise<void> {
    const passwordHash = await hashPassword(body.password);
    await this.ctx.db.transaction(async (tx) => {
      const auth = this.auth.in(tx);
      if (!(await auth.consumePasswordReset(body.userId, hashToken(body.token)))) {
        throw badRequest(MESSAGES.resetInvalid);
      }
      const updated = await this.users.in(tx).update(body.userId, { passwordHash });
      if (!updated) throw badRequest(MESSAGES.resetInvalid);
      await auth.invalidatePasswordResets(body.userId);
      await auth.revokeUserTokens(body.userId);
    });
    this.sessionsEnded(body.userId);
  }

  /** Issues an access token and a new refresh token in `familyId` (a new family starts a session). */
  private async startSession(user: UserRow, familyId: string, auth = this.auth): Promise<TokenPair> {
    if (!isRole(user.role)) throw unauthorized(MESSAGES.invalidSession);
    const refreshToken = randomToken();
    await auth.insertRefreshToken({
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + LIMITS.refreshTokenTtlDays * DAY_MS),
    });
    const accessToken = await this.ctx.tokens.sign(user.id, user.role, familyId);
    return { accessToken, refreshToken };
  }

  private async revokeStolenFamily(familyId: string, userId: string): Promise<void> {
    const revoked = await this.auth.revokeFamily(familyId);
    this.ctx.log.warn({ userId, familyId, revoked }, 'refresh token reused; session revoked');
    this.sessionsEnded(userId);
  }

  /** Sessions of the user ended: the realtime gateway drops the sockets that belonged to them. */
  private sessionsEnded(userId: string): void {
    this.ctx.bus.emit('user.access.changed', userId);
  }

  private async saveUser(id: string, patch: UserPatch): Promise<UserRow> {
    try {
      const updated = await this.users.update(id, patch);
      if (!updated) throw unauthorized(MESSAGES.invalidSession);
      return updated;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MESSAGES.emailTaken);
      throw error;
    }
  }

  private async present(user: UserRow): Promise<Account> {
    return toAccount(user, user.role === 'superadmin' ? await this.users.allSiteIds() : null);
  }

  private publicUrl(): string {
    return this.ctx.config.publicUrl.replace(/\/+$/, '');
  }
}
