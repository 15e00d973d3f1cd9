import type { ClientToServerEvents, ServerToClientEvents } from '@fairway/domain';
import { io, type Socket } from 'socket.io-client';
import { getAccessToken } from './auth-tokens';

/** The typed Socket.IO connection to the realtime gateway (event maps shared with the server). */
export type FairwaySocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Creates the (not yet connected) socket on the page's own origin. The handshake reads the access token
 * on every attempt, so a reconnect after a token refresh presents the new token.
 */
export function createSocket(): FairwaySocket {
  return io({
    path: '/socket.io',
    autoConnect: false,
    auth: (callback) => callback({ token: getAccessToken() ?? '' }),
    // One connection per signed-in session, never shared with a previous user's socket.
    forceNew: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
  });
}

/** The gateway refuses a handshake with this message when the token is missing, invalid or expired. */
export const isUnauthorizedSocketError = (error: Error): boolean => /unauthori[sz]ed/i.test(error.message);
