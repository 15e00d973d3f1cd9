import type { z } from 'zod';
import {
  LIMITS,
  type AdminUpdateUserBody,
  type InviteView,
  type UserView,
  type createInviteBody,
} from '@fairway/domain';
import type { CoreContext } from '../../context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { randomToken } from '../../lib/tokens';
import { hashPassword } from '../../lib/passwords';
import { USER_MESSAGES } from './user-messages';
import { renderMail } from '../mail/templates';
import { inviteLink, toInviteView, toUserView } from './users.presenter';
import {
  isUniqueViolation,
  type InviteRow,
  type UserPatch,
  type UserRow,
  type UsersRepository,
} from './users.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An invite as the route validated it (language and sites defaulted). */
type CreateInvite = z.output<typeof createInviteBody>;

export { USER_MESSAGES };

/**
 * What the users admin needs of sign-in (the auth module's AuthService answers it; services.ts wires it):
 * ending a user's sessions and reset links, and mailing a reset link.
 */
export interface UserSessions {
  endSessions(userId: string): Promise<void>;
  sendPasswordReset(user: UserRow): Promise<void>;
}

/**
 * The platform's user manager (superadmins only, spec §2 Admin → Users and Invites): users are edited and
 * deleted here, and new users only ever arrive through an invite they accept themselves.
 */
export class UsersService {
  constructor(
    private readonly ctx: CoreContext,
    private readonly users: UsersRepository,
    private readonly sessions: UserSessions,
  ) {}

  async list(): Promise<UserView[]> {
    return (await this.users.list()).map(toUserView);
  }

  async update(actorId: string, userId: string, body: AdminUpdateUserBody): Promise<UserView> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound(USER_MESSAGES.userNotFound);
    // A superadmin demoting themself could leave the platform without one; another superadmin can do it.
    if (body.role !== undefined && body.role !== user.role && actorId === user.id) {
      throw badRequest(USER_MESSAGES.ownRole);
    }
    const patch: UserPatch = {};
    if (body.email !== undefined && body.email !== user.email) {
      const holder = await this.users.findByEmail(body.email);
      if (holder) throw conflict(USER_MESSAGES.emailTaken);
      patch.email = body.email;
    }
    if (body.role !== undefined) patch.role = body.role;
    if (body.sites !== undefined) patch.sites = await this.checkSites(body.sites);
    if (body.password !== undefined) patch.passwordHash = await hashPassword(body.password);

    let updated;
    try {
      updated = await this.users.update(user.id, patch);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.emailTaken);
      throw error;
    }
    if (!updated) throw notFound(USER_MESSAGES.userNotFound);
    if (body.password !== undefined) {
      // A password set by an admin ends the user's sessions and outstanding reset links.
      await this.sessions.endSessions(user.id);
    }
    // Open sockets re-check their session and rooms (a removed site's room is left at once).
    this.ctx.bus.emit('user.access.changed', user.id);
    return toUserView(updated);
  }

  async remove(actorId: string, userId: string): Promise<void> {
    if (actorId === userId) throw badRequest(USER_MESSAGES.ownAccount);
    // Refresh tokens and reset links go with the user (foreign keys cascade).
    if (!(await this.users.delete(userId))) throw notFound(USER_MESSAGES.userNotFound);
    this.ctx.bus.emit('user.access.changed', userId);
  }

  /** Mails the user a reset link, as "forgot password" would (the console's "send reset-password link"). */
  async sendPasswordReset(userId: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound(USER_MESSAGES.userNotFound);
    await this.sessions.sendPasswordReset(user);
  }

  async listInvites(): Promise<InviteView[]> {
    const now = Date.now();
    return (await this.users.listInvites()).map((row) => this.presentInvite(row, now));
  }

  async createInvite(body: CreateInvite): Promise<InviteView> {
    if (await this.users.findByEmail(body.email)) throw conflict(USER_MESSAGES.emailTaken);
    if (await this.users.findInviteByEmail(body.email)) throw conflict(USER_MESSAGES.inviteExists);
    const sites = await this.checkSites(body.sites);
    if (sites.length === 0 && body.role !== 'superadmin') throw badRequest(USER_MESSAGES.sitesRequired);
    let invite: InviteRow;
    try {
      invite = await this.users.insertInvite({
        email: body.email,
        token: randomToken(),
        role: body.role,
        lang: body.lang,
        sites,
        sentAt: new Date(),
        expiresAt: this.inviteExpiry(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.inviteExists);
      throw error;
    }
    await this.mailInvite(invite);
    return this.presentInvite(invite);
  }

  async deleteInvite(id: string): Promise<void> {
    if (!(await this.users.deleteInvite(id))) throw notFound(USER_MESSAGES.inviteNotFound);
  }

  /** Mails the invite again; its validity starts over, so an expired invite can be revived. */
  async resendInvite(id: string): Promise<InviteView> {
    const invite = await this.users.updateInvite(id, { sentAt: new Date(), expiresAt: this.inviteExpiry() });
    if (!invite) throw notFound(USER_MESSAGES.inviteNotFound);
    await this.mailInvite(invite);
    return this.presentInvite(invite);
  }

  /** The given site ids without duplicates; 400 naming the first one that is not a site. */
  private async checkSites(ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const existing = new Set(await this.users.existingSiteIds(unique));
    const unknown = unique.find((siteId) => !existing.has(siteId));
    if (unknown) throw badRequest(`sites: unknown site ${unknown}`);
    return unique;
  }

  private async mailInvite(invite: InviteRow): Promise<void> {
    const link = inviteLink(this.ctx.config.publicUrl, invite.email, invite.token);
    await this.ctx.mail.send({
      to: invite.email,
      ...renderMail('invite', invite.lang, { link, days: LIMITS.inviteTtlDays }),
    });
  }

  private inviteExpiry(): Date {
    return new Date(Date.now() + LIMITS.inviteTtlDays * DAY_MS);
  }

  private presentInvite(row: InviteRow, now?: number): InviteView {
    return toInviteView(row, this.ctx.config.publicUrl, now);
  }
}
