import { z } from 'zod';
import { LIMITS, ROLES, account, email, id, type Role } from '@fairway/domain';
import { MAIL_LANGS } from '../mail/templates';

/**
 * Bodies and answers of the admin user and invite calls. They are not (yet) in @fairway/domain because
 * only the admin console uses them; they can move there unchanged when the web app wants them.
 */

/** Roles a superadmin may give: every role except the anonymous guest. */
export const ASSIGNABLE_ROLES = ROLES.filter((role): role is Exclude<Role, 'guest'> => role !== 'guest');
export const assignableRole = z.enum(
  ASSIGNABLE_ROLES as [Exclude<Role, 'guest'>, ...Exclude<Role, 'guest'>[]],
  {
    message: `Role must be one of ${ASSIGNABLE_ROLES.join(', ')}`,
  },
);

export const newPassword = z
  .string()
  .min(LIMITS.passwordMinLength, {
    message: `Password must be at least ${LIMITS.passwordMinLength} characters`,
  })
  .max(LIMITS.passwordMaxLength);

export const idParams = z.object({ id });

/** An admin sees a user as the user sees their own account. */
export const userView = account;
export type UserView = z.infer<typeof userView>;

export const adminUpdateUserBody = z
  .object({
    email: email.optional(),
    role: assignableRole.optional(),
    password: newPassword.optional(),
    sites: z.array(id).max(1000).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give at least one of email, role, password or sites',
  });
export type AdminUpdateUserBody = z.infer<typeof adminUpdateUserBody>;

export const inviteView = z.object({
  _id: id,
  email: z.string(),
  role: z.enum(ROLES),
  sites: z.array(id),
  lang: z.string(),
  token: z.string(),
  /** The registration link the invite mail carries; the console copies it to the clipboard. */
  link: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type InviteView = z.infer<typeof inviteView>;

export const createInviteBody = z.object({
  email,
  role: assignableRole,
  lang: z.enum(MAIL_LANGS, { message: `Language must be one of ${MAIL_LANGS.join(', ')}` }).default('en'),
  sites: z.array(id).max(1000).default([]),
});
export type CreateInviteBody = z.infer<typeof createInviteBody>;
