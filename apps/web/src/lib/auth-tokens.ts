import { isRole, type Role } from '@fairway/domain';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * The token pair of the signed-in user, kept in localStorage so a reload keeps the session.
 * The access token is short-lived; the refresh token rotates on every use, so whoever refreshes must
 * store the new pair at once.
 */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export const getAccessToken = (): string | null => readStorage(STORAGE_KEYS.accessToken);
export const getRefreshToken = (): string | null => readStorage(STORAGE_KEYS.refreshToken);

export function storeTokens(tokens: TokenPair): void {
  writeStorage(STORAGE_KEYS.accessToken, tokens.accessToken);
  writeStorage(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  notifyTokenListeners();
}

export function clearTokens(): void {
  writeStorage(STORAGE_KEYS.accessToken, null);
  writeStorage(STORAGE_KEYS.refreshToken, null);
  notifyTokenListeners();
}

/** What the web app reads from an access token: who, which role, until when. */
export interface AccessTokenInfo {
  userId: string | null;
  role: Role | null;
  /** Expiry in seconds since the epoch. */
  exp: number;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the payload of a JWT without verifying it. The server verifies every call; the client only needs
 * the expiry (to skip a doomed request) and the role (to hide what the user may not open).
 */
export function decodeAccessToken(token: string): AccessTokenInfo | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (typeof claims !== 'object' || claims === null) return null;
    const { exp, sub, role } = claims as Record<string, unknown>;
    if (typeof exp !== 'number') return null;
    return { exp, userId: typeof sub === 'string' ? sub : null, role: isRole(role) ? role : null };
  } catch {
    return null;
  }
}

/** Seconds of margin, so a token that expires while a request travels counts as expired already. */
const EXPIRY_MARGIN_SECONDS = 10;

export function isTokenUsable(info: AccessTokenInfo | null, nowMs = Date.now()): info is AccessTokenInfo {
  return info !== null && info.exp - EXPIRY_MARGIN_SECONDS > nowMs / 1000;
}

// Components (the navigation's Admin item, the guards) follow token changes through this tiny signal.
const tokenListeners = new Set<() => void>();
function notifyTokenListeners(): void {
  for (const listener of tokenListeners) listener();
}
export function subscribeToTokens(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}
