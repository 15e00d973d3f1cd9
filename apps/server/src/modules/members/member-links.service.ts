import type { BulkResult, MemberView } from '@fairway/domain';
import { conflict, notFound } from '../../lib/errors';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import type { MemberLinksRepository } from './member-links.repository';
import type { MembersService } from './members.service';

const alreadyLinked = () => conflict('Member is already linked', 'alreadyLinked');

/**
 * Link Members / Unlink Members (spec §2 Actions menu, §4, admins only): a member is linked to the
 * consumer-app profile with the same email, so the app can show the member's keys and credits.
 */
export class MemberLinksService {
  constructor(
    private readonly links: MemberLinksRepository,
    private readonly profiles: ProfilesRepository,
    private readonly members: MembersService,
  ) {}

  /** `emailToMember`: member email → member id, as the selection sends it (spec §7). */
  async link(siteId: string, emailToMember: Record<string, string>): Promise<BulkResult> {
    const pairs = Object.entries(emailToMember).map(([email, memberId]) => ({
      // Stored emails are trimmed and lower-cased; a key typed otherwise still names the same member.
      email: email.trim().toLowerCase(),
      memberId,
    }));
    return { count: await this.links.linkByEmail(siteId, pairs) };
  }

  /** `memberToProfile`: member id → the profile id it is linked to. */
  async unlink(siteId: string, memberToProfile: Record<string, string>): Promise<BulkResult> {
    const pairs = Object.entries(memberToProfile).map(([memberId, profileId]) => ({ memberId, profileId }));
    return { count: await this.links.unlink(siteId, pairs) };
  }

  async linkOne(siteId: string, memberId: string): Promise<MemberView> {
    const member = await this.members.view(siteId, memberId);
    if (member.profile) throw alreadyLinked();
    const profile = await this.profiles.findByEmail(member.email);
    if (!profile) throw notFound('No app profile with this email');
    // Linked by someone else since the look-up above.
    if (!(await this.links.linkOne(siteId, memberId, profile.id))) throw alreadyLinked();
    return this.members.view(siteId, memberId);
  }

  async unlinkOne(siteId: string, memberId: string): Promise<MemberView> {
    if (!(await this.links.unlinkOne(siteId, memberId))) {
      await this.members.view(siteId, memberId); // 404 when the member is not the site's
      throw conflict('Member is not linked', 'notLinked');
    }
    return this.members.view(siteId, memberId);
  }
}
