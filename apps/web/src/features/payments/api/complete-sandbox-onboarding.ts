import { sandboxAccountView, type SandboxAccountView, type sandboxOnboardingBody } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type SandboxOnboardingBody = z.output<typeof sandboxOnboardingBody>;

/**
 * POST /api/sandbox/accounts/{id}/complete {businessName}: the club confirms its (test) details and the
 * account becomes active; the server tells the site at once, as the provider's webhook would. Only the
 * club's admin (signed in) may complete it.
 */
export async function completeSandboxOnboarding(
  accountId: string,
  body: SandboxOnboardingBody,
): Promise<SandboxAccountView> {
  return sandboxAccountView.parse(
    await apiRequest(`/sandbox/accounts/${encodeURIComponent(accountId)}/complete`, {
      method: 'POST',
      auth: 'user',
      body,
    }),
  );
}

/** The page leaves for Fairway on success, so nothing cached here needs updating. */
export const useCompleteSandboxOnboarding = (accountId: string) =>
  useMutation({
    mutationFn: (body: SandboxOnboardingBody) => completeSandboxOnboarding(accountId, body),
  });
