import type { Server as HttpServer } from 'node:http';
import type {
  CartView,
  ClientToServerEvents,
  CommandView,
  RideView,
  ServerToClientEvents,
  SocketAck,
  ZoneAlert,
  ZoneView,
} from '@fairway/domain';
import { Server, type Socket } from 'socket.io';
import type { AppContext } from '../context';
import { devicesService } from '../modules/devices/devices.routes';
import { rideServices } from '../modules/rides/ride-services';
import { attachGuestNamespace, latestPerKey } from './guest-namespace';
import { useRedisAdapter, type RedisFanOut } from './redis-adapter';
import { SiteAccess } from '../modules/sites/site-access';

export interface RealtimeGateway {
  /** The Socket.IO server (tests and the bench count sockets through it). */
  io: FairwayServer;
  close(): Promise<void>;
}

interface SocketData {
  userId: string;
}
type FairwayServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type FairwaySocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const siteRoom = (siteId: string) => `site:${siteId}`;

/** The refusal a client sees when its token is missing, expired or invalid; it refreshes and reconnects. */
const UNAUTHORIZED = 'unauthorized';

/**
 * The only place that knows about browsers' sockets. A socket authenticates with the access token in its
 * handshake (`auth: { token }`), joins the rooms of sites it holds, and gets every `device.updated` domain
 * event of those sites as `device:update`, and every changed ride as `ride:update`. Guests' phones use the
 * `/guest` namespace (no login; `guest-namespace.ts`). With REDIS_URL set, room broadcasts go through Redis
 * so every instance's sockets see every instance's events.
 */
export async function attachRealtime(httpServer: HttpServer, ctx: AppContext): Promise<RealtimeGateway> {
  const log = ctx.log.child({ part: 'realtime' });
  const io: FairwayServer = new Server(httpServer, { path: '/socket.io', serveClient: false });
  const access = new SiteAccess(ctx.db);
  const devices = devicesService(ctx);
  const { views: rides } = rideServices(ctx);
  let fanOut: RedisFanOut | null = null;
  if (ctx.config.REDIS_URL) fanOut = await useRedisAdapter(io, ctx.config.REDIS_URL, log);

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length === 0) return next(new Error(UNAUTHORIZED));
    authenticate(token).then(
      (userId) => {
        if (!userId) return next(new Error(UNAUTHORIZED));
        socket.data.userId = userId;
        next();
      },
      (error: unknown) => {
        log.error({ err: error }, 'socket authentication failed with an error');
        next(new Error('Service unavailable'));
      },
    );
  });

  async function authenticate(token: string): Promise<string | null> {
    const claims = await ctx.tokens.verify(token);
    return claims ? ((await access.user(claims.sub))?.id ?? null) : null;
  }

  io.on('connection', (socket: FairwaySocket) => {
    const { userId } = socket.data;

    socket.on('join:site', (siteId, ack) =>
      answer(ack, async () => {
        await allow(userId, siteId);
        await socket.join(siteRoom(siteId));
        return undefined;
      }),
    );

    socket.on('leave:site', (siteId, ack) =>
      answer(ack, async () => {
        if (typeof siteId === 'string') await socket.leave(siteRoom(siteId));
        return undefined;
      }),
    );

    socket.on('get:site:devices', (siteId, ack) =>
      answer(ack, async (): Promise<CartView[]> => {
        await allow(userId, siteId);
        const list = await devices.listForSite(siteId);
        socket.emit('site:devices', { siteId, devices: list });
        return list;
      }),
    );

    socket.on('get:site:activerides', (siteId, ack) =>
      answer(ack, async (): Promise<RideView[]> => {
        await allow(userId, siteId);
        const list = await rides.openRides(siteId);
        socket.emit('site:rides', { siteId, rides: list });
        return list;
      }),
    );
  });

  async function allow(userId: string, siteId: unknown): Promise<void> {
    const user = await access.user(userId);
    if (!user) throw new Refused('Session expired or invalid');
    // Watching a site's carts needs what listing them over HTTP needs (`requireSite('basic')`).
    const check = await access.check(user, siteId, 'basic');
    if (!check.ok) throw new Refused(check.message);
  }

  /** Runs a handler and answers its ack, if the client sent one: data, or `{ ok: false, message }`. */
  function answer<T>(ack: SocketAck<T> | undefined, run: () => Promise<T>): void {
    run().then(
      (data) => {
        if (typeof ack === 'function') ack({ ok: true, data });
      },
      (error: unknown) => {
        if (!(error instanceof Refused)) log.error({ err: error }, 'socket request failed');
        const message = error instanceof Refused ? error.message : 'Something went wrong, please try again';
        if (typeof ack === 'function') ack({ ok: false, message });
      },
    );
  }

  // Domain events become socket events for the operators of the site they belong to.
  const onDeviceUpdated = (device: CartView) => {
    io.to(siteRoom(device.siteID)).emit('device:update', device);
  };
  const onCommandUpdated = (command: CommandView) => {
    io.to(siteRoom(command.siteId)).emit('command:update', command);
  };
  const onZonesUpdated = (siteId: string, zones: ZoneView[]) => {
    io.to(siteRoom(siteId)).emit('zones:update', { siteId, zones });
  };
  const onZoneAlert = (alert: ZoneAlert) => {
    io.to(siteRoom(alert.siteId)).emit('zone:alert', alert);
  };
  ctx.bus.on('device.updated', onDeviceUpdated);
  ctx.bus.on('command.updated', onCommandUpdated);
  ctx.bus.on('zones.updated', onZonesUpdated);
  ctx.bus.on('zone.alert', onZoneAlert);

  // A ride is loaded when it changes (the event carries only its id), one load at a time per ride so an
  // older state never overtakes a newer one; a deleted ride is pushed with `deleted: true`.
  let closed = false;
  const pushRide = latestPerKey(
    async (rideId) => {
      if (closed) return;
      const view = await rides.viewById(rideId);
      if (view) io.to(siteRoom(view.siteId)).emit('ride:update', view);
    },
    (error, rideId) => log.error({ err: error, rideId }, 'pushing a ride to operators failed'),
  );
  const onRideUpdated = (rideId: string) => pushRide(rideId);
  ctx.bus.on('ride.updated', onRideUpdated);
  const detachGuests = attachGuestNamespace(io, ctx);

  return {
    io,
    async close() {
      ctx.bus.off('device.updated', onDeviceUpdated);
      ctx.bus.off('command.updated', onCommandUpdated);
      ctx.bus.off('zones.updated', onZonesUpdated);
      ctx.bus.off('zone.alert', onZoneAlert);
      ctx.bus.off('ride.updated', onRideUpdated);
      closed = true;
      detachGuests();
      // Closes every socket; Socket.IO then closes the HTTP server too, which Fastify may already have done.
      await io.close();
      await fanOut?.close();
    },
  };
}

/** A refusal the client is told about, as opposed to a fault that is only logged. */
class Refused extends Error {}
