import {
  GUEST_RIDE_REFUSALS,
  id,
  type GuestClientToServerEvents,
  type GuestServerToClientEvents,
  type SocketAck,
} from '@fairway/domain';
import type { Namespace, Server } from 'socket.io';
import type { AppContext } from '../context';
import { rideServices } from '../modules/rides/ride-services';

type GuestNamespace = Namespace<GuestClientToServerEvents, GuestServerToClientEvents>;

export const GUEST_NAMESPACE = '/guest';
export const rideRoom = (rideId: string) => `ride:${rideId}`;

/**
 * Rides one guest socket may follow at once. A phone follows its own ride; the cap only keeps an anonymous
 * socket from subscribing to rooms without end.
 */
const MAX_RIDES_PER_SOCKET = 5;

/**
 * Runs `work(key)` for one key at a time. Calls that arrive while it runs fold into one more run after it,
 * so the last run always starts after the last call: a push that read the database before a later change
 * can never arrive after the push of that change.
 */
export function latestPerKey(
  work: (key: string) => Promise<void>,
  onError: (error: unknown, key: string) => void,
): (key: string) => void {
  /** keys being worked on → whether another call came in meanwhile */
  const running = new Map<string, boolean>();
  const loop = async (key: string) => {
    do {
      running.set(key, false);
      await work(key).catch((error: unknown) => onError(error, key));
    } while (running.get(key));
    running.delete(key);
  };
  return (key) => {
    if (running.has(key)) running.set(key, true);
    else void loop(key);
  };
}

/**
 * The `/guest` Socket.IO namespace (issue #6): no login; a guest joins the updates room of their own ride
 * (`join-ride-updates` / `leave-ride-updates`) and gets `ride:update` with the guest view on every change.
 * The ride's id is the credential (an unguessable uuid from the guest's unlock or payment). Room broadcasts
 * go through the server's adapter, so with Redis a change on one instance reaches guests on every one.
 * Returns the detach function.
 */
export function attachGuestNamespace(io: Server, ctx: AppContext): () => void {
  const log = ctx.log.child({ part: 'realtime-guest' });
  const { views } = rideServices(ctx);
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

  /** Runs a handler and answers its ack, if the client sent one: data, or `{ ok: false, message }`. */
  function reply<T>(ack: SocketAck<T> | undefined, run: () => Promise<T>): void {
    run().then(
      (data) => {
        if (typeof ack === 'function') ack({ ok: true, data });
      },
      (error: unknown) => {
        if (!(error instanceof Refused)) log.error({ err: error }, 'guest socket request failed');
        const message = error instanceof Refused ? error.message : 'Something went wrong, please try again';
        if (typeof ack === 'function') ack({ ok: false, message });
      },
    );
  }

  const push = latestPerKey(
    async (rideId) => {
      if (detached) return;
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

/** A refusal the guest is told about, as opposed to a fault that is only logged. */
class Refused extends Error {}
