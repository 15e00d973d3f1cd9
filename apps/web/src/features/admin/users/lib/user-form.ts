import {
  assignableRole,
  email,
  id,
  newPassword,
  type AdminUpdateUserBody,
  type UserView,
} from '@fairway/domain';
import { z } from 'zod';
import { passwordsMatch, zodFormResolver } from '../../../../lib/form-validation';
import { sitesRequired } from '../../components/access-form';

/**
 * The Edit User form (spec §2 Users): email and role, a new password typed twice (left empty = unchanged;
 * the domain's minimum length otherwise) and the sites. Validated with the domain's own field schemas.
 */
export const userForm = z
  .object({
    email,
    role: assignableRole,
    password: z.string(),
    confirmPassword: z.string(),
    sites: z.array(id),
  })
  // An empty box changes nothing; anything typed must pass the server's password rule (its minimum length).
  .superRefine((form, ctx) => {
    if (form.password === '') return;
    for (const issue of newPassword.safeParse(form.password).error?.issues ?? []) {
      ctx.addIssue({ ...issue, path: ['password'] });
    }
  })
  .refine(...passwordsMatch)
  .refine(...sitesRequired);

export interface UserFormValues {
  email: string;
  role: string;
  password: string;
  confirmPassword: string;
  sites: string[];
}
export type UserFormOutput = z.output<typeof userForm>;

/**
 * The form holds what the boxes hold: '' for a role not chosen yet, the password box's text. The schema takes
 * those (an unknown role or '' fails it with "required"), so its stricter input type is widened here.
 */
export const userFormResolver = zodFormResolver(
  userForm as unknown as z.ZodType<UserFormOutput, UserFormValues>,
);

export const userFormValues = (user: UserView): UserFormValues => ({
  email: user.email,
  // A role the console cannot give (a guest account) must be changed before saving.
  role: user.role === 'guest' ? '' : user.role,
  password: '',
  confirmPassword: '',
  sites: [...user.sites],
});

const sameSites = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((site) => b.includes(site));

/**
 * Only what changed goes to the server. A superadmin holds every site, so their list is not sent; a user
 * made superadmin keeps the list they had (it comes back should they be demoted again).
 */
export function userPatch(user: UserView, form: UserFormOutput): AdminUpdateUserBody {
  const patch: AdminUpdateUserBody = {};
  if (form.email !== user.email) patch.email = form.email;
  if (form.role !== user.role) patch.role = form.role;
  if (form.password !== '') patch.password = form.password;
  if (form.role !== 'superadmin' && !sameSites(form.sites, user.sites)) patch.sites = form.sites;
  return patch;
}
