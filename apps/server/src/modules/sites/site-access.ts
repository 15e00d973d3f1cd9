import { hasRole, isRole, type Role } from '@fairway/domain';
import { z } from 'zod';
import type { AuthUser, SiteCheck, SiteRule } from '../../lib/access';
import type { UsersRepository } from '../users/users.repository';
import type { SitesRepository } from './sites.repository';

const siteIdSchema = z.uuid();

/**
 * Who may act on which site: one rule for the dashboard API's `site-id` header and the realtime gateway's
 * rooms. The user's role and sites are read fresh at every check, so a removed site or a lowered role takes
 * effect with the next call or join, not when a token expires.
 */
export class SiteAccess implements SiteRule {
  constructor(
    private readonly users: UsersRepository,
    private readonly sites: SitesRepository,
  ) {}

  /** The user behind a verified token, or null when the account is gone or its role unknown. */
  async user(userId: string): Promise<AuthUser | null> {
    const row = await this.users.findById(userId);
    if (!row || !isRole(row.role)) return null;
    return { id: row.id, email: row.email, role: row.role, sites: row.sites };
  }

  /**
   * Whether `user` at role `required` may act on `site` (a header or socket argument, so unchecked): the
   * checked site id, or the message to show. A superadmin holds every site that exists; anyone else exactly
   * the sites on their account.
   */
  async check(user: AuthUser, site: unknown, required: Role): Promise<SiteCheck> {
    if (!hasRole(user.role, required)) return { ok: false, message: 'Your role does not allow this' };
    const parsed = siteIdSchema.safeParse(site);
    if (!parsed.success) return { ok: false, message: 'A valid site id is required' };
    const siteId = parsed.data;
    const holds =
      user.role === 'superadmin' ? (await this.sites.find(siteId)) !== null : user.sites.includes(siteId);
    return holds ? { ok: true, siteId } : { ok: false, message: 'You do not have access to this site' };
  }
}
