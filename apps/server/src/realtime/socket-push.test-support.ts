/** What the tests need of a client socket: listening to one push event and stopping again. */
interface PushSource<V> {
  on(event: 'ride:update', listener: (view: V) => void): unknown;
  off(event: 'ride:update', listener: (view: V) => void): unknown;
}

/**
 * The next `ride:update` of `rideId` that `until` accepts, on the operators' or the guests' namespace
 * (each pushes its own view of the ride); rejects after `timeoutMs`.
 */
export function nextRideUpdate<V extends { _id: string }>(
  socket: PushSource<V>,
  rideId: string,
  until: (view: V) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<V> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('ride:update', listener);
      reject(new Error(`no matching ride:update for ${rideId} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (view: V) => {
      if (view._id !== rideId || !until(view)) return;
      clearTimeout(timer);
      socket.off('ride:update', listener);
      resolve(view);
    };
    socket.on('ride:update', listener);
  });
}
