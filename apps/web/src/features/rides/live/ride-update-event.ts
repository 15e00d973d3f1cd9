import { rideView, type RideView } from '@fairway/domain';
import { useEffect, useEffectEvent } from 'react';
import { onSocketEvent } from '../../realtime';

/**
 * `ride:update` arrives through the site socket's relay (features/realtime/socket-events), like the other
 * events that are not cart state, so this feature never owns a socket. The payload is checked against the
 * shared schema before it touches the cache, as the site socket checks carts.
 */
/** Subscribes to every valid `ride:update`; a payload in another shape is ignored with a warning. */
export function onRideUpdate(listener: (ride: RideView) => void): () => void {
  return onSocketEvent('ride:update', (payload: unknown) => {
    const parsed = rideView.safeParse(payload);
    if (parsed.success) listener(parsed.data);
    else console.warn('Ignoring a ride update in an unexpected shape', parsed.error.issues);
  });
}

/** Calls `handler` for every ride update while the component is mounted (the latest handler). */
export function useRideUpdate(handler: (ride: RideView) => void): void {
  const onUpdate = useEffectEvent(handler);
  useEffect(() => onRideUpdate((ride) => onUpdate(ride)), []);
}
