import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/dashboard/auth/logout: revokes the refresh token on the server. Public on purpose: a logout
 * must never trigger a token refresh, and the refresh token in the body names the session.
 */
export async function logoutRequest(refreshToken: string): Promise<void> {
  await apiRequest('/dashboard/auth/logout', { method: 'POST', body: { refreshToken }, auth: 'public' });
}
