import { z } from 'zod';
import { LIMITS } from '../limits';
import { ROLES } from '../roles';
import { email, id } from './common';

const password = z
  .string()
  .min(LIMITS.passwordMinLength, {
    message: `Password must be at least ${LIMITS.passwordMinLength} characters`,
  })
  .max(LIMITS.passwordMaxLength);

export const loginBody = z.object({
  email,
  password: z.string().min(1, { message: 'Password is required' }),
});
export const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
/** An opaque token from a link or a login: far shorter than this, so anything longer is not one. */
const opaqueToken = z.string().min(1).max(512);
export const refreshBody = z.object({ refreshToken: opaqueToken });
export const logoutBody = z.object({ refreshToken: opaqueToken.optional() });
export const registerBody = z.object({ email, token: opaqueToken, password });
export const forgotPasswordBody = z.object({ email });
export const resetPasswordBody = z.object({ userId: id, token: opaqueToken, password });

export const account = z.object({
  _id: id,
  email: z.string(),
  role: z.enum(ROLES),
  sites: z.array(id),
  lang: z.string(),
  lastSeen: z.string().nullable(),
});
export type Account = z.infer<typeof account>;

export const updateAccountBody = z
  .object({ email: email.optional(), password: password.optional(), currentPassword: z.string().optional() })
  .refine((body) => body.email !== undefined || body.password !== undefined, {
    message: 'Give an email or a password to change',
  });

/** Claims of the access JWT. */
export const accessClaims = z.object({ sub: id, role: z.enum(ROLES), exp: z.number() });
export type AccessClaims = z.infer<typeof accessClaims>;
