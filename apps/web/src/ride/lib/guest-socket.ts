import type { GuestClientToServerEvents, GuestServerToClientEvents } from '@fairway/domain';
import type { Socket } from 'socket.io-client';

export type GuestSocket = Socket<GuestServerToClientEvents, GuestClientToServerEvents>;

/**
 * The `/guest` Socket.IO namespace (no login) for one ride's live updates. socket.io-client is loaded here,
 * on the session page, so the cart page's first visit does not download it.
 */
export async function openGuestSocket(): Promise<GuestSocket> {
  const { io } = await import('socket.io-client');
  return io('/guest', {
    path: '/socket.io',
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
  }) as GuestSocket;
}
