import type { Role } from '@fairway/domain';

/**
 * Spec §5 "Invite/edit user: email, role, site required": every role below superadmin needs at least one
 * site (a superadmin holds them all). The Add User and Edit User forms refine with it; the server refuses the
 * same (400).
 */
export const sitesRequired: [
  (form: { role: Role; sites: readonly string[] }) => boolean,
  { path: string[]; message: string; params: { i18nKey: string } },
] = [
  (form) => form.role === 'superadmin' || form.sites.length > 0,
  {
    path: ['sites'],
    message: 'Choose at least one site',
    params: { i18nKey: 'adminUsers.form.sitesRequired' },
  },
];
