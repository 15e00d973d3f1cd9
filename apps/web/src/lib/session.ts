import { useSyncExternalStore } from 'react';
import { refreshAccessToken } from './api-client';
import {
  decodeAccessToken,
  getAccessToken,
  getRefreshToken,
  isTokenUsable,
  subscribeToTokens,
  type AccessTokenInfo,
} from './auth-tokens';

/**
 * Spec §4 Session: the stored access token is used while unexpired, else the refresh token, else the
 * user must log in. Resolves to the token's claims, or null when there is no session. A network failure
 * during the refresh rejects (the route shows an error with retry) instead of pretending to be logged out.
 */
export async function ensureSession(): Promise<AccessTokenInfo | null> {
  const token = getAccessToken();
  const info = token ? decodeAccessToken(token) : null;
  if (isTokenUsable(info)) return info;
  if (!getRefreshToken()) return null;
  try {
    return decodeAccessToken(await refreshAccessToken());
  } catch (error) {
    // Without a refresh token left, the refresh was refused and the tokens are gone: logged out.
    if (!getRefreshToken()) return null;
    throw error;
  }
}

/** Claims of the current access token, read synchronously (expired tokens still name the user). */
export function currentTokenInfo(): AccessTokenInfo | null {
  const token = getAccessToken();
  return token ? decodeAccessToken(token) : null;
}

let cachedToken: string | null = null;
let cachedInfo: AccessTokenInfo | null = null;
function snapshot(): AccessTokenInfo | null {
  const token = getAccessToken();
  if (token !== cachedToken) {
    cachedToken = token;
    cachedInfo = token ? decodeAccessToken(token) : null;
  }
  return cachedInfo;
}

/** The signed-in user's id and role, following refreshes and logouts. */
export function useTokenInfo(): AccessTokenInfo | null {
  return useSyncExternalStore(subscribeToTokens, snapshot, snapshot);
}
