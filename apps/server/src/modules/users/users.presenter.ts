import { isRole, type Account, type InviteView, type Role, type UserView } from '@fairway/domain';
import type { InviteRow, UserRow } from './users.repository';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** A stored role the code no longer knows is shown (and treated) as the least powerful one. */
const roleOf = (value: string): Role => (isRole(value) ? value : 'guest');

/** A user as the admin user manager lists it: their account with the sites stored on it. */
export const toUserView = (row: UserRow): UserView => toAccount(row, null);

/** The signed-in user's own account; a superadmin holds every site, so `allSiteIds` is given for them. */
export function toAccount(row: UserRow, allSiteIds: string[] | null): Account {
  const role = roleOf(row.role);
  return {
    _id: row.id,
    email: row.email,
    role,
    sites: role === 'superadmin' && allSiteIds ? allSiteIds : row.sites,
    lang: row.lang,
    lastSeen: iso(row.lastSeen),
  };
}

/** The registration link an invite mail carries: the web app's register page reads email and token. */
export function inviteLink(publicUrl: string, email: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/login/register?${new URLSearchParams({ email, token }).toString()}`;
}

export function toInviteView(row: InviteRow, publicUrl: string, now: number = Date.now()): InviteView {
  return {
    _id: row.id,
    email: row.email,
    role: roleOf(row.role),
    sites: row.sites,
    lang: row.lang,
    token: row.token,
    link: inviteLink(publicUrl, row.email, row.token),
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now,
  };
}
