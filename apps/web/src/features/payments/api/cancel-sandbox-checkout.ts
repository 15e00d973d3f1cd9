import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { redirectTarget } from './pay-sandbox-checkout';

/**
 * POST /api/sandbox/checkout/{id}/cancel: the guest gives up paying; the checkout closes and the answer is
 * the cancel address of the app that started it.
 */
export async function cancelSandboxCheckout(sessionId: string): Promise<string> {
  return redirectTarget(
    await apiRequest(`/sandbox/checkout/${encodeURIComponent(sessionId)}/cancel`, {
      method: 'POST',
      auth: 'public',
      body: {},
    }),
  );
}

export const useCancelSandboxCheckout = (sessionId: string) =>
  useMutation({ mutationFn: () => cancelSandboxCheckout(sessionId) });
