import { sandboxCheckoutView, type SandboxCheckoutView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/sandbox/checkout/{id}: the checkout session behind the sandbox's hosted payment page. No login,
 * like the real provider's page: the session id in the address is the secret. 404 (or 400 for an id of the
 * wrong shape) when there is no such checkout.
 */
export async function getSandboxCheckout(
  sessionId: string,
  signal?: AbortSignal,
): Promise<SandboxCheckoutView> {
  return sandboxCheckoutView.parse(
    await apiRequest(`/sandbox/checkout/${encodeURIComponent(sessionId)}`, { auth: 'public', signal }),
  );
}

export const sandboxCheckoutQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['sandbox', 'checkout', sessionId],
    queryFn: ({ signal }) => getSandboxCheckout(sessionId, signal),
  });

export const useSandboxCheckout = (sessionId: string) => useQuery(sandboxCheckoutQueryOptions(sessionId));
