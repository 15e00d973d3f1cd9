/** The admin area's sections, in tab order (spec §2 Admin area). */
export const ADMIN_SECTIONS = [
  'dashboard',
  'devices',
  'users',
  'invites',
  'sites',
  'clients',
  'activity',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];
