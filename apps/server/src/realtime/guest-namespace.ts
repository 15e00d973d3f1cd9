import {
  GUEST_RIDE_REFUSALS,
  id,
  type GuestClientToServerEvents,
  type GuestServerToClientEvents,
} from '@fairway/domain';
import type { Namespace, Server } from 'socket.io';
import type { AppContext } from '../context';
import { latestPerKey } from './latest-per-key';
import { Refused, socketReply } from './socket-replies';

type GuestNamespace = Namespace<GuestClientToServerEvents, GuestServerToClientEvents>;

export const GUEST_NAMESPACE = '/guest';
export const rideRoom = (rideId: string) => `ride:${rideId}`;

/**
 * Rides one guest socket may follow at once. A phone follows its own ride; the cap only keeps an anonymous
 * socket from subscribing to rooms without end.
 */
const MAX_RIDES_PER_SOCKET = 5;

/**
 * The `/guest` Socket.IO namespace (issue #6): no login; a guest joins the updates room of their own ride
 * (`join-ride-updates` / `leave-ride-updates`) and gets `ride:update` with the guest view on every change.
 * The ride's id is the credential (an unguessable uuid from the guest's unlock or payment). Room broadcasts
 * go through the server's adapter, so with Redis a change on one instance reaches guests on every one.
 * Returns the detach function.
 */
export function attachGuestNamespace(
  io: Server,
  ctx: AppContext,
  { sharedRooms }: { sharedRooms: boolean },
): () => void {
  const log = ctx.log.child({ part: 'realtime-guest' });
  const reply = socketReply(log, 'guest socket request failed');
  const { views } = ctx.rides;
  // The server's event maps are the operators'; this namespace speaks the guest's own.
  const guests = io.of(GUEST_NAMESPACE) as unknown as GuestNamespace;
  let detached = false;

  guests.on('connection', (socket) => {
    socket.on('join-ride-updates', (sessionId, ack) =>
      reply(ack, async () => {
        if (!id.safeParse(sessionId).success) throw new Refused(GUEST_RIDE_REFUSALS.sessionNotFound);
        const room = rideRoom(sessionId);
        const followed = [...socket.rooms].filter((name) => name.startsWith('ride:') && name !== room);
        if (followed.length >= MAX_RIDES_PER_SOCKET) throw new Refused('Too many rides followed');
        // Joined before the view is read, so a change made meanwhile is pushed rather than missed.
        await socket.join(room);
        const view = await views.guestView(sessionId);
        if (!view) {
          await socket.leave(room);
          throw new Refused(GUEST_RIDE_REFUSALS.sessionNotFound);
        }
        return view;
      }),
    );

    socket.on('leave-ride-updates', (sessionId, ack) =>
      reply(ack, async () => {
        if (typeof sessionId === 'string') await socket.leave(rideRoom(sessionId));
        return undefined;
      }),
    );
  });

  const push = latestPerKey(
    async (rideId) => {
      if (detached) return;
      // Without Redis this instance knows every member of the room: a ride no guest follows (an operator's
      // manual ride, a finished guest's) is not read for nobody; a guest who joins later reads it on joining.
      if (!sharedRooms && !guests.adapter.rooms.get(rideRoom(rideId))?.size) return;
      // A deleted ride has no guest view: its guest was told when it ended.
      const view = await views.guestView(rideId);
      if (view) guests.to(rideRoom(rideId)).emit('ride:update', view);
    },
    (error, rideId) => log.error({ err: error, rideId }, 'pushing a ride to its guest failed'),
  );
  const onRideUpdated = (rideId: string) => push(rideId);
  ctx.bus.on('ride.updated', onRideUpdated);

  return () => {
    detached = true;
    ctx.bus.off('ride.updated', onRideUpdated);
  };
}
