import type { QueryClient } from '@tanstack/react-query';
import { clearTokens, getRefreshToken } from '../../lib/auth-tokens';
import { clearSelectedSite } from '../../lib/selected-site';
import { realtimeStore } from '../realtime/realtime-store';
import { logoutRequest } from './api/logout';

/**
 * Logout (spec §4): clears the tokens and the selected site and forgets every cached answer, so the next
 * user of this browser starts clean. The server is told to revoke the refresh token, but the local
 * logout never waits for it: an unreachable server must not keep anyone logged in.
 */
export function endSession(queryClient: QueryClient): void {
  const refreshToken = getRefreshToken();
  clearTokens();
  clearSelectedSite();
  queryClient.clear();
  realtimeStore.resetSite(null);
  if (refreshToken) {
    logoutRequest(refreshToken).catch((error: unknown) => console.warn('Logout request failed', error));
  }
}
