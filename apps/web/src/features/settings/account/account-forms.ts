import { email, registerBody } from '@fairway/domain';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { passwordsMatch } from '../../../lib/form-validation';

/**
 * The two forms of /settings/account (spec §5: email pattern, trimmed and lower-cased; passwords as the
 * register and reset forms; both with a confirmation field and the current password, which the server
 * requires for either change).
 */

const currentPassword = z.string().min(1);

/** `currentEmail` (lower-case, as stored) is refused as the new one: nothing would change. */
export const changeEmailForm = (currentEmail: string | undefined) =>
  z
    .object({ email, confirmEmail: z.string(), currentPassword })
    .refine((form) => form.confirmEmail.trim().toLowerCase() === form.email, {
      path: ['confirmEmail'],
      message: 'Emails must match',
      params: { i18nKey: 'account.email.mustMatch' },
    })
    .refine((form) => form.email !== currentEmail, {
      path: ['email'],
      message: 'This is already your email',
      params: { i18nKey: 'account.email.sameAsCurrent' },
    });
export type ChangeEmailValues = z.input<ReturnType<typeof changeEmailForm>>;
export type ChangeEmail = z.output<ReturnType<typeof changeEmailForm>>;
export const EMPTY_EMAIL_FORM: ChangeEmailValues = { email: '', confirmEmail: '', currentPassword: '' };

// The same rule (and so the same message) as choosing a password from an invite or a reset link.
export const changePasswordForm = z
  .object({ password: registerBody.shape.password, confirmPassword: z.string(), currentPassword })
  .refine(...passwordsMatch);
export type ChangePasswordValues = z.input<typeof changePasswordForm>;
export const EMPTY_PASSWORD_FORM: ChangePasswordValues = {
  password: '',
  confirmPassword: '',
  currentPassword: '',
};

/**
 * Which field a refused change belongs on: a wrong current password on its own, a taken email (409) on
 * the email field. null for anything else, which the card reports as a toast.
 */
export function refusedField(error: unknown): 'currentPassword' | 'email' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'currentPasswordWrong') return 'currentPassword';
  if (error.status === 409) return 'email';
  return null;
}
