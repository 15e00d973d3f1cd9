import { onboardAnswer } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/dashboard/sites/stripe/onboard: the payment provider's onboarding address for this site (Stripe's
 * hosted onboarding, or the local sandbox's page). The provider sends the browser back to /settings/booking.
 */
export async function startOnboarding(siteId: string): Promise<string> {
  return onboardAnswer.parse(
    await apiRequest('/dashboard/sites/stripe/onboard', { method: 'POST', siteId, body: {} }),
  ).url;
}

/** Navigates away on success: the page is left for the provider's. */
export const useStartOnboarding = (siteId: string) =>
  useMutation({
    mutationFn: () => startOnboarding(siteId),
    onSuccess: (url) => window.location.assign(url),
  });
