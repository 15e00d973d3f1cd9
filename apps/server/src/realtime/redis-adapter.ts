import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import { createClient } from 'redis';
import type { Server } from 'socket.io';

export interface RedisFanOut {
  close(): Promise<void>;
}

/**
 * Makes `io.to(room).emit(…)` reach sockets on every server instance: each instance publishes its room
 * broadcasts to Redis and relays what the others publish. Needed as soon as more than one instance runs,
 * because a device message is processed by whichever instance the broker's shared subscription picked.
 */
export async function useRedisAdapter(io: Server, url: string, log: Logger): Promise<RedisFanOut> {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // node-redis reconnects by itself; an error event without a listener would crash the process instead.
  for (const [name, client] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    client.on('error', (error: unknown) => log.warn({ err: error, client: name }, 'Redis connection error'));
  }
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub));
  log.info('realtime fan-out through Redis');
  return {
    async close() {
      await Promise.allSettled([pub.close(), sub.close()]);
    },
  };
}
