/** What the tests need of a client socket: listening to one push event and stopping again. */
interface PushSource<E extends string, V> {
  on(event: E, listener: (view: V) => void): unknown;
  off(event: E, listener: (view: V) => void): unknown;
}

/**
 * The next push of `event` about the object `id` that `until` accepts (a cart's `device:updates`, a ride's
 * `ride:update` on the operators' or the guests' namespace); rejects after `timeoutMs`.
 */
export function nextPush<E extends string, V extends { _id: string }>(
  socket: PushSource<E, V>,
  event: E,
  id: string,
  until: (view: V) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<V> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no matching ${event} for ${id} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (view: V) => {
      if (view._id !== id || !until(view)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(view);
    };
    socket.on(event, listener);
  });
}

/** The next `ride:update` of `rideId` that `until` accepts. */
export const nextRideUpdate = <V extends { _id: string }>(
  socket: PushSource<'ride:update', V>,
  rideId: string,
  until?: (view: V) => boolean,
  timeoutMs?: number,
): Promise<V> => nextPush(socket, 'ride:update', rideId, until, timeoutMs);
