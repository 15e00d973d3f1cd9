/**
 * Roles in ascending order of power (spec §6). Shared because the server enforces them and the web app
 * hides what a role may not do; both must agree on the order.
 */
export const ROLES = ['guest', 'basic', 'user', 'service', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** True when `actual` is at or above `required`; an unknown or missing role never passes. */
export function hasRole(actual: unknown, required: Role): boolean {
  if (!isRole(actual)) return false;
  return ROLES.indexOf(actual) >= ROLES.indexOf(required);
}

/**
 * Whether a role sees unlock codes: a site's master code and its carts' lock codes. Basic staff lock and
 * unlock from the dashboard and need no code; codes open carts without any login, so they go to the roles
 * that manage codes (members' codes need at least user, spec §6).
 */
export const CODES_ROLE: Role = 'user';
export const maySeeCodes = (role: unknown): boolean => hasRole(role, CODES_ROLE);
