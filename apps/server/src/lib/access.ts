import type { Role } from '@fairway/domain';

/** The caller of a request or socket: who they are, their role and the sites they hold (read fresh). */
export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  sites: string[];
}

export type SiteCheck = { ok: true; siteId: string } | { ok: false; message: string };

/**
 * What the HTTP guards and the socket gateway ask of the auth and sites modules; the composition root hands
 * them `SessionCheck` and `SiteAccess`, so the layers below the modules import no module.
 */
export interface SessionLookup {
  /** The live session of a bearer token, or null for anything invalid, expired or ended. */
  token(token: string): Promise<{ user: AuthUser; sessionId: string; expiresAt: number } | null>;
  /** The user of a session still alive, read fresh. */
  user(userId: string, sessionId: string): Promise<AuthUser | null>;
}

export interface SiteRule {
  /** Whether `user` may act on `site` (an unchecked header or socket argument) at `required` or above. */
  check(user: AuthUser, site: unknown, required: Role): Promise<SiteCheck>;
}
