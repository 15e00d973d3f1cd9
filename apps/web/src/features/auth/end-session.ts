import { clearTokens, getRefreshToken } from '../../lib/auth-tokens';
import { clearSelectedSite } from '../../lib/selected-site';
import { realtimeStore } from '../realtime';
import { logoutRequest } from './api/logout';

/**
 * Logout (spec §4): clears the tokens and the selected site. The server is told to revoke the refresh
 * token, but the local logout never waits for it: an unreachable server must not keep anyone logged in.
 *
 * The caller clears the query cache once the login page shows: cleared any earlier, the pages still on
 * screen would refetch their (now forgotten) data without a token while the navigation runs.
 */
export function endSession(): void {
  const refreshToken = getRefreshToken();
  clearTokens();
  clearSelectedSite();
  realtimeStore.resetSite(null);
  if (refreshToken) {
    logoutRequest(refreshToken).catch((error: unknown) => console.warn('Logout request failed', error));
  }
}
