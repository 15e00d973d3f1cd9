import { hasRole, isRole, type Role } from '@fairway/domain';
import { z } from 'zod';
import type { AppContext } from '../context';
import { SitesRepository } from '../modules/sites/sites.repository';
import { UsersRepository } from '../modules/users/users.repository';

/** The role the dashboard's device list needs over HTTP (`requireSite('basic')`); sockets ask the same. */
export const SITE_ROOM_ROLE: Role = 'basic';

const siteId = z.uuid();

export interface SocketUser {
  id: string;
  role: Role;
  sites: string[];
}

/**
 * Site checks of the realtime gateway, the same rules as the `site-id` header of the dashboard API: the
 * user's role and sites are read fresh at every check, so a removed site or a lowered role takes effect
 * with the next join, as it does with the next HTTP call.
 */
export class SiteAccess {
  private readonly users: UsersRepository;
  private readonly sites: SitesRepository;

  constructor(ctx: AppContext) {
    this.users = new UsersRepository(ctx.db);
    this.sites = new SitesRepository(ctx.db);
  }

  /** The user behind a verified token, or null when the account is gone or its role unknown. */
  async user(userId: string): Promise<SocketUser | null> {
    const row = await this.users.findById(userId);
    if (!row || !isRole(row.role)) return null;
    return { id: row.id, role: row.role, sites: row.sites };
  }

  /** null when `userId` may watch `site`, otherwise the message the client is told. */
  async refusal(userId: string, site: unknown): Promise<string | null> {
    const parsed = siteId.safeParse(site);
    if (!parsed.success) return 'A valid site id is required';
    const user = await this.user(userId);
    if (!user) return 'Session expired or invalid';
    if (!hasRole(user.role, SITE_ROOM_ROLE)) return 'Your role does not allow this';
    if (user.role === 'superadmin') {
      return (await this.sites.find(parsed.data)) ? null : 'You do not have access to this site';
    }
    return user.sites.includes(parsed.data) ? null : 'You do not have access to this site';
  }
}
