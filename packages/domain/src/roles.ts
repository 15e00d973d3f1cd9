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
