import type { GuestRideView } from '@fairway/domain';
import { useCallback, useEffect, useState } from 'react';
import { isNotFound } from '../../api/errors';
import { guestApi } from '../../api/guest-api';
import { isAbort } from '../../api/http';
import { RIDE_POLL_MS } from '@fairway/domain/rules/rides';
import { openGuestSocket, type GuestSocket } from '../../lib/guest-socket';

export interface RideSession {
  ride: GuestRideView | null;
  /** the server's clock minus the phone's when the ride was last heard of (timers run on the server's time) */
  offsetMs: number;
  notFound: boolean;
  /** the last failed load (the ride may still be shown from before) */
  error: unknown;
  /** the live socket is joined; polling stands in while it is not */
  live: boolean;
  /** takes a ride view from an action's answer */
  apply: (ride: GuestRideView) => void;
  reload: () => void;
}

interface State {
  ride: GuestRideView | null;
  offsetMs: number;
  notFound: boolean;
  error: unknown;
}

/**
 * A paid ride the cart never confirmed ends before its payment is refunded (the refund follows at once, but
 * separately): the page keeps following it until it can tell the guest the money is back.
 */
export function awaitingRefund(ride: GuestRideView): boolean {
  return (
    ride.stage === 'ended' &&
    ride.endReason === 'unconfirmed' &&
    ride.payment?.status === 'succeeded' &&
    !ride.payment.refunded
  );
}

/**
 * One guest ride, kept current (spec §4 Ride (guest)): loaded once, then the `/guest` socket's
 * `ride:update` for its room, and a GET every 2 s (spec §9) while the socket is not connected. When the ride
 * has ended (or is gone) the updates room is left and nothing is asked any more, except for a paid ride
 * whose refund is still on its way.
 */
export function useRideSession(sessionId: string): RideSession {
  const [state, setState] = useState<State>({ ride: null, offsetMs: 0, notFound: false, error: null });
  const [live, setLive] = useState(false);

  const apply = useCallback(
    (ride: GuestRideView) => {
      if (ride._id !== sessionId) return;
      const offsetMs = Date.parse(ride.serverTime) - Date.now();
      setState((current) =>
        // A slow answer must not undo a newer update (the socket's or an action's).
        current.ride && Date.parse(current.ride.serverTime) > Date.parse(ride.serverTime)
          ? current
          : { ride, offsetMs, notFound: false, error: null },
      );
    },
    [sessionId],
  );

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        apply(await guestApi.ride(sessionId, signal));
      } catch (error) {
        if (signal?.aborted || isAbort(error)) return;
        setState((current) => ({ ...current, error, notFound: isNotFound(error) }));
      }
    },
    [sessionId, apply],
  );

  const stopped = state.notFound || (state.ride?.stage === 'ended' && !awaitingRefund(state.ride));

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useEffect(() => {
    if (stopped) return;
    let socket: GuestSocket | null = null;
    let disposed = false;
    openGuestSocket().then(
      (opened) => {
        if (disposed) {
          opened.disconnect();
          return;
        }
        socket = opened;
        opened.on('connect', () => {
          setLive(true);
          opened.emit('join-ride-updates', sessionId, (result) => {
            if (result.ok) apply(result.data);
          });
        });
        opened.on('disconnect', () => setLive(false));
        opened.on('ride:update', apply);
      },
      () => {
        // No socket library (a failed chunk): polling keeps the page current.
      },
    );
    return () => {
      disposed = true;
      if (!socket) return;
      if (socket.connected) socket.emit('leave-ride-updates', sessionId);
      socket.disconnect();
    };
  }, [sessionId, stopped, apply]);

  const polling = !stopped && !live;
  useEffect(() => {
    if (!polling) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      await load(controller.signal);
      if (!controller.signal.aborted) timer = setTimeout(() => void tick(), RIDE_POLL_MS);
    };
    timer = setTimeout(() => void tick(), RIDE_POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [polling, load]);

  const reload = useCallback(() => void load(), [load]);
  return { ...state, live: live && !stopped, apply, reload };
}
