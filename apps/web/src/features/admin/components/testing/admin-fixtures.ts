import type { InviteView, Role, SiteView, UserView } from '@fairway/domain';
import { makeSite } from '../../../commands/testing/fixtures';

/** A uuid whose last digits are `n`, so tests can tell ids apart at a glance. */
export const uuidOf = (prefix: string, n: number) =>
  `${prefix.padEnd(8, '0').slice(0, 8)}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const ADMIN_SITES: SiteView[] = [
  makeSite({ _id: uuidOf('5', 1), name: 'Demo Golf Club' }),
  makeSite({ _id: uuidOf('5', 2), name: 'Second Club' }),
  makeSite({ _id: uuidOf('5', 3), name: 'Alpine Links' }),
];

let nextUser = 1;
export function makeUser(overrides: Partial<UserView> & { role?: Role } = {}): UserView {
  const n = nextUser++;
  return {
    _id: uuidOf('a', n),
    email: `user${n}@example.com`,
    role: 'admin',
    sites: [ADMIN_SITES[0]!._id],
    lang: 'en',
    lastSeen: null,
    ...overrides,
  };
}

let nextInvite = 1;
export function makeInvite(overrides: Partial<InviteView> = {}): InviteView {
  const n = nextInvite++;
  const email = overrides.email ?? `invitee${n}@example.com`;
  const token = `token-${n}`;
  return {
    _id: uuidOf('b', n),
    email,
    role: 'admin',
    sites: [ADMIN_SITES[1]!._id],
    lang: 'en',
    token,
    link: `http://localhost/login/register?email=${encodeURIComponent(email)}&token=${token}`,
    sentAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    expiresAt: new Date(Date.now() + 13 * 86_400_000).toISOString(),
    expired: false,
    ...overrides,
  };
}
