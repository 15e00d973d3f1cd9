import { z } from 'zod';

/**
 * The sandbox payment provider's own pages (GUIDE §1: the embedded stand-in for Stripe). Its onboarding page
 * is part of the web app at /sandbox/onboarding/{accountId}; these are the calls it makes.
 */
export const sandboxAccountId = z.string().regex(/^acct_sbx_[a-f\d]{24}$/, { message: 'Unknown account' });

export const sandboxAccountView = z.object({
  id: z.string(),
  businessName: z.string(),
  active: z.boolean(),
});
export type SandboxAccountView = z.infer<typeof sandboxAccountView>;

export const sandboxOnboardingBody = z.object({
  businessName: z.string().trim().min(1, { message: 'This field is required' }).max(120),
});
