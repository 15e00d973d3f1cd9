import { sandboxRedirectAnswer, type SandboxPayBody } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/sandbox/checkout/{id}/pay {cardNumber, expiry, cvc, name}: charges the (test) card and answers
 * where the browser goes next, the success address of the app that started the checkout. Refusals carry a
 * code: 400 'cardExpired' or 'notTestCard', 402 'cardDeclined', 409 'checkoutClosed'.
 */
export async function paySandboxCheckout(sessionId: string, body: SandboxPayBody): Promise<string> {
  return redirectTarget(
    await apiRequest(`/sandbox/checkout/${encodeURIComponent(sessionId)}/pay`, {
      method: 'POST',
      auth: 'public',
      body,
    }),
  );
}

/**
 * The address in a pay or cancel answer, where the page then sends the browser. Only a web address (or a
 * path): whatever an answer says, the page never hands `javascript:` or `data:` to location.assign.
 */
export function redirectTarget(answer: unknown): string {
  const { redirectUrl } = sandboxRedirectAnswer.parse(answer);
  if (!isWebAddress(redirectUrl)) throw new Error('The redirect is not a web address');
  return redirectUrl;
}

/** An http(s) address or a path of this site. */
export function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url, 'https://relative.invalid');
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** The page leaves for the redirect address on success, so nothing cached here needs updating. */
export const usePaySandboxCheckout = (sessionId: string) =>
  useMutation({ mutationFn: (body: SandboxPayBody) => paySandboxCheckout(sessionId, body) });
