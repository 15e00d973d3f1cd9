import type { Server as HttpServer } from 'node:http';
import type {
  CartView,
  ClientToServerEvents,
  RideOverrunAlert,
  RideView,
  ServerToClientEvents,
  SimResetProgress,
  ZoneAlert,
  ZoneView,
} from '@fairway/domain';
import { CODES_ROLE, maySeeCodes, type Role } from '@fairway/domain';
import { Server, type Socket } from 'socket.io';
import type { AppContext } from '../context';
import { attachGuestNamespace } from './guest-namespace';
import { latestPerKey } from './latest-per-key';
import { Refused, socketReply } from './socket-replies';
import type { RedisFanOut } from './redis-adapter';
import type { AuthUser } from '../lib/access';
import { toCommandView } from '../modules/commands/commands.presenter';
import { toCourseView, type CourseRow } from '../modules/courses/courses.presenter';
import { toDeviceLogView } from '../modules/device-logs/device-logs.presenter';
import type { DeviceLogRow } from '../modules/device-logs/device-logs.repository';
import { cartViewFor, toCartView } from '../modules/devices/devices.presenter';
import type { CommandRow } from '../db/tables/commands';
import type { DeviceRow } from '../db/tables/devices';
import type { RideRow } from '../modules/rides/rides.repository';
import type { RideWithNames } from '../modules/rides/ride-views.repository';
import { toRideView } from '../modules/rides/rides.presenter';
import type { RideNames } from '../lib/events';

export interface RealtimeGateway {
  /** The Socket.IO server (tests and the bench count sockets through it). */
  io: FairwayServer;
  close(): Promise<void>;
}

interface SocketData {
  userId: string;
  /** The session (refresh-token family) of the handshake's token: the socket lives only as long as it. */
  sessionId: string;
}
type FairwayServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type FairwaySocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const siteRoom = (siteId: string) => `site:${siteId}`;
/** Every socket of a user, so a change to the user's sessions, role or sites reaches them all. */
const userRoom = (userId: string) => `user:${userId}`;
/** The site's sockets whose role sees unlock codes; the rest of the site room gets carts without them. */
const codesRoom = (siteId: string) => `codes:${siteId}`;
/** The rooms a site gives, each with the role it needs (site rooms need what listing carts needs). */
const SITE_ROOMS: ReadonlyArray<{ prefix: string; role: Role }> = [
  { prefix: 'site:', role: 'basic' },
  { prefix: 'codes:', role: CODES_ROLE },
];

/** The refusal a client sees when its token is missing, expired or invalid; it refreshes and reconnects. */
const UNAUTHORIZED = 'unauthorized';

/**
 * The only place that knows about browsers' sockets. A socket authenticates with the access token in its
 * handshake (`auth: { token }`), joins the rooms of sites it holds, and gets every `device.updated` domain
 * event of those sites in a `device:updates` batch (per site and tick), and every changed ride as `ride:update`. A socket lives no
 * longer than its token (it is dropped when the token expires; the client reconnects with a fresh one) and
 * its session (logout or revocation drops it); a change to its user's role or sites makes it leave the
 * rooms it no longer may watch. Guests' phones use the
 * `/guest` namespace (no login; `guest-namespace.ts`). With REDIS_URL set, room broadcasts go through Redis
 * so every instance's sockets see every instance's events.
 */
export async function attachRealtime(httpServer: HttpServer, ctx: AppContext): Promise<RealtimeGateway> {
  const log = ctx.log.child({ part: 'realtime' });
  const reply = socketReply(log, 'socket request failed');
  const io: FairwayServer = new Server(httpServer, { path: '/socket.io', serveClient: false });
  const { siteAccess: access, sessionCheck: sessions } = ctx;
  const devices = ctx.devices;
  const { views: rides } = ctx.rides;
  let fanOut: RedisFanOut | null = null;
  if (ctx.config.REDIS_URL) {
    // Loaded only with Redis: its client and adapter are about 7 MB of a single instance's heap for nothing.
    const { useRedisAdapter } = await import('./redis-adapter');
    fanOut = await useRedisAdapter(io, ctx.config.REDIS_URL, log);
  }

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length === 0) return next(new Error(UNAUTHORIZED));
    sessions.token(token).then(
      (session) => {
        if (!session) return next(new Error(UNAUTHORIZED));
        socket.data.userId = session.user.id;
        socket.data.sessionId = session.sessionId;
        // Past its token's expiry the socket is dropped: the client refreshes and reconnects, which checks
        // the session again (Socket.IO does not re-authenticate an open connection by itself).
        const expiry = setTimeout(() => socket.disconnect(true), session.expiresAt * 1000 - Date.now());
        socket.on('disconnect', () => clearTimeout(expiry));
        next();
      },
      (error: unknown) => {
        log.error({ err: error }, 'socket authentication failed with an error');
        next(new Error('Service unavailable'));
      },
    );
  });

  io.on('connection', (socket: FairwaySocket) => {
    const { userId } = socket.data;
    void socket.join(userRoom(userId));

    socket.on('join:site', (siteId, ack) =>
      reply(ack, async () => {
        const user = await allow(socket.data, siteId);
        await socket.join(siteRoom(siteId));
        if (maySeeCodes(user.role)) await socket.join(codesRoom(siteId));
        return undefined;
      }),
    );

    socket.on('leave:site', (siteId, ack) =>
      reply(ack, async () => {
        if (typeof siteId === 'string') {
          await socket.leave(siteRoom(siteId));
          await socket.leave(codesRoom(siteId));
        }
        return undefined;
      }),
    );

    socket.on('get:site:devices', (siteId, ack) =>
      reply(ack, async (): Promise<CartView[]> => {
        const user = await allow(socket.data, siteId);
        const list = (await devices.listForSite(siteId)).map((view) => cartViewFor(view, user.role));
        socket.emit('site:devices', { siteId, devices: list });
        return list;
      }),
    );

    socket.on('get:site:activerides', (siteId, ack) =>
      reply(ack, async (): Promise<RideView[]> => {
        await allow(socket.data, siteId);
        const list = await rides.openRides(siteId);
        socket.emit('site:rides', { siteId, rides: list });
        return list;
      }),
    );
  });

  async function allow({ userId, sessionId }: SocketData, siteId: unknown): Promise<AuthUser> {
    const user = await sessions.user(userId, sessionId);
    if (!user) throw new Refused('Session expired or invalid');
    // Watching a site's carts needs what listing them over HTTP needs (`requireSite('basic')`).
    const check = await access.check(user, siteId, 'basic');
    if (!check.ok) throw new Refused(check.message);
    return user;
  }

  // Domain events become socket events for the operators of the site they belong to.
  let closed = false;
  // A cart's push carries its open ride's driver and distance. Carts are pushed in batches: every cart of a
  // site that changed in one tick (a telemetry flush stores hundreds at once) goes out as one `device:updates`
  // per room, not one frame per cart (docs/performance.md: a tenth of the server's CPU went to writing them).
  // One push per site at a time, each cart's newest state in it, so a slower lookup never overtakes a later
  // report. The stored row becomes the socket's shape here, at the edge, when it is pushed.
  const { cartActivity } = ctx;
  /** The newest stored state of each changed cart, by site, waiting for the site's next push. */
  const changedBySite = new Map<string, Map<string, DeviceRow>>();
  /**
   * The site's push being presented: its carts, and the command updates of those carts that wait for it. An
   * acknowledgement must not overtake an older state of its cart still being presented, or the browser
   * shows the cart flip back after it (issue 22; commands.concurrency.test.ts); other updates go at once.
   */
  const presenting = new Map<string, { carts: Set<string>; after: CommandRow[] }>();
  const emitCommand = (command: CommandRow) =>
    io.to(siteRoom(command.siteId)).emit('command:update', toCommandView(command));
  const pushSite = latestPerKey(
    async (siteId) => {
      const changed = changedBySite.get(siteId);
      changedBySite.delete(siteId);
      // Nobody watches the site (on this instance, without Redis): nothing to present. Whoever joins later
      // asks for the whole list first.
      if (!changed || closed || !mayHaveMembers(siteRoom(siteId))) return;
      const push = { carts: new Set(changed.keys()), after: [] as CommandRow[] };
      presenting.set(siteId, push);
      try {
        const views = await cartActivity.presentBatch(
          siteId,
          [...changed.values()].map((row) => toCartView(row)),
        );
        if (!closed) emitCarts(siteId, views);
      } finally {
        presenting.delete(siteId);
        if (!closed) push.after.forEach(emitCommand);
      }
    },
    (error, siteId) => log.error({ err: error, siteId }, 'pushing carts to operators failed'),
  );
  /**
   * Whether a room (less `except`) may hold a socket. Without Redis this instance knows every member, and a
   * batch for an empty room is neither copied nor encoded (a club watched only by its admins leaves the
   * basic room empty; the encoding was the gateway's largest cost, docs/performance.md). With Redis, other
   * instances' sockets may be in it, so it always may.
   */
  const mayHaveMembers = (room: string, except?: string) => {
    if (fanOut) return true;
    const members = io.sockets.adapter.rooms.get(room);
    if (!members) return false;
    const excluded = except ? io.sockets.adapter.rooms.get(except) : undefined;
    if (!excluded) return members.size > 0;
    for (const socketId of members) if (!excluded.has(socketId)) return true;
    return false;
  };
  /** Carts to their site's operators: with lock codes to the roles that see codes, without to the rest. */
  const emitCarts = (siteId: string, views: CartView[]) => {
    if (mayHaveMembers(codesRoom(siteId)))
      io.to(codesRoom(siteId)).emit('device:updates', { siteId, devices: views });
    if (mayHaveMembers(siteRoom(siteId), codesRoom(siteId)))
      io.to(siteRoom(siteId))
        .except(codesRoom(siteId))
        .emit('device:updates', { siteId, devices: views.map((view) => cartViewFor(view, 'basic')) });
  };
  /** Sites with changes since the last microtask: a flush emits its rows in one synchronous loop. */
  const dueSites = new Set<string>();
  const pushDueSites = () => {
    for (const siteId of dueSites) pushSite(siteId);
    dueSites.clear();
  };
  // Two writers store a cart's state (the telemetry flush and an acknowledgement); each emits after its own
  // commit, so their events can arrive here in the other order. A state older than one already seen is dropped.
  const seenVersion = new Map<string, number>();
  const onDeviceUpdated = (device: DeviceRow) => {
    if (device.stateVersion < (seenVersion.get(device.id) ?? 0)) return;
    seenVersion.set(device.id, device.stateVersion);
    let changed = changedBySite.get(device.siteId);
    if (!changed) changedBySite.set(device.siteId, (changed = new Map()));
    changed.set(device.id, device);
    if (dueSites.size === 0) queueMicrotask(pushDueSites);
    dueSites.add(device.siteId);
  };
  const onCommandUpdated = (command: CommandRow) => {
    const push = presenting.get(command.siteId);
    if (push?.carts.has(command.deviceId)) push.after.push(command);
    else emitCommand(command);
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
  // An overdue ride (issue 23), once, to its site's operators: the map's toast and ring.
  const onRideOverrun = (alert: RideOverrunAlert) => {
    io.to(siteRoom(alert.siteId)).emit('ride:overrun', alert);
  };
  ctx.bus.on('ride.overrun', onRideOverrun);
  // A saved course layout (issue 23), whole, to its site's operators.
  const onCourseUpdated = (row: CourseRow) => {
    io.to(siteRoom(row.siteId)).emit('course:update', toCourseView(row.siteId, row));
  };
  ctx.bus.on('course.updated', onCourseUpdated);
  // A cart's answer to a WiFi scan or log request (issue 20), to its site's room (superadmins join any site).
  const onDeviceLog = (row: DeviceLogRow, siteId: string) => {
    io.to(siteRoom(siteId)).emit('device:log', toDeviceLogView(row));
  };
  ctx.bus.on('device.log', onDeviceLog);
  const onSimReset = (progress: SimResetProgress, siteId: string) => {
    io.to(siteRoom(siteId)).emit('sim:reset', progress);
  };
  ctx.bus.on('sim.reset', onSimReset);

  // A user's sessions ended or their role or sites changed: every socket of theirs (on any instance, through
  // the adapter) is checked again; one whose session ended is dropped, and one that may no longer watch a
  // site leaves that site's room.
  const recheckUser = async (changedUserId: string) => {
    for (const socket of await io.in(userRoom(changedUserId)).fetchSockets()) {
      const user = await sessions.user(socket.data.userId, socket.data.sessionId);
      if (!user) {
        socket.disconnect(true);
        continue;
      }
      for (const room of socket.rooms) {
        const kind = SITE_ROOMS.find(({ prefix }) => room.startsWith(prefix));
        if (!kind) continue;
        const check = await access.check(user, room.slice(kind.prefix.length), kind.role);
        if (!check.ok) socket.leave(room);
        // A role raised to one that sees codes gets them from the next push on.
        else if (kind.role === 'basic' && maySeeCodes(user.role)) socket.join(codesRoom(check.siteId));
      }
    }
  };
  const onUserAccessChanged = (changedUserId: string) => {
    recheckUser(changedUserId).catch((error: unknown) =>
      log.error({ err: error, userId: changedUserId }, "checking a changed user's sockets failed"),
    );
  };
  ctx.bus.on('user.access.changed', onUserAccessChanged);

  // A ride is loaded when it changes (the event carries its id), one load at a time per ride so an older
  // state never overtakes a newer one; a deleted ride is pushed with `deleted: true`. A change that carries the
  // row with its names (a manual ride's opening) is pushed as it is, in its turn: an operator's every unlock
  // read its ride back for this (issue 22).
  const carriedRides = new Map<string, RideWithNames>();
  const pushRide = latestPerKey(
    async (rideId) => {
      const carried = carriedRides.get(rideId);
      carriedRides.delete(rideId);
      if (closed) return;
      const view = carried ? toRideView(carried) : await rides.viewById(rideId);
      if (view) io.to(siteRoom(view.siteId)).emit('ride:update', view);
    },
    (error, rideId) => log.error({ err: error, rideId }, 'pushing a ride to operators failed'),
  );
  // The cart activity lookup forgets the ride's cart itself (it listens first, being built before this).
  const onRideUpdated = (rideId: string, _siteId: string, stored?: RideRow, names?: RideNames) => {
    // The newest change decides: one without its row and names is read.
    if (stored && names) carriedRides.set(rideId, { ...names, ride: stored });
    else carriedRides.delete(rideId);
    pushRide(rideId);
  };
  ctx.bus.on('ride.updated', onRideUpdated);
  // bookings (issue 17): loaded by id like rides, one load at a time per booking; a cancelled one is pushed
  // with its status, and the calendar drops it.
  const pushBooking = latestPerKey(
    async (key) => {
      if (closed) return;
      const [siteId, bookingId] = key.split(' ') as [string, string];
      const view = await ctx.bookings.viewById(bookingId, siteId);
      if (view) io.to(siteRoom(siteId)).emit('booking:update', view);
    },
    (error, key) => log.error({ err: error, key }, 'pushing a booking to operators failed'),
  );
  const onBookingUpdated = (bookingId: string, siteId: string) => pushBooking(`${siteId} ${bookingId}`);
  ctx.bus.on('booking.updated', onBookingUpdated);
  // Damage reports (issue 23), read again when pushed (a fresh signed photo address), one load at a time per
  // report. To the site's sockets of role user and up, the same role that lists them over HTTP: that is the
  // codes room's role.
  const pushDamageReport = latestPerKey(
    async (key) => {
      if (closed) return;
      const [siteId, id] = key.split(' ') as [string, string];
      const view = await ctx.damageReports.present({ id, siteId });
      if (view) io.to(codesRoom(siteId)).emit('damage-report:update', view);
    },
    (error, key) => log.error({ err: error, key }, 'pushing a damage report to operators failed'),
  );
  const onDamageReportUpdated = (report: { id: string; siteId: string }) =>
    pushDamageReport(`${report.siteId} ${report.id}`);
  ctx.bus.on('damage-report.updated', onDamageReportUpdated);
  const detachGuests = attachGuestNamespace(io, ctx, { sharedRooms: fanOut !== null });

  return {
    io,
    async close() {
      ctx.bus.off('device.updated', onDeviceUpdated);
      ctx.bus.off('command.updated', onCommandUpdated);
      ctx.bus.off('zones.updated', onZonesUpdated);
      ctx.bus.off('zone.alert', onZoneAlert);
      ctx.bus.off('ride.overrun', onRideOverrun);
      ctx.bus.off('course.updated', onCourseUpdated);
      ctx.bus.off('device.log', onDeviceLog);
      ctx.bus.off('sim.reset', onSimReset);
      ctx.bus.off('ride.updated', onRideUpdated);
      ctx.bus.off('booking.updated', onBookingUpdated);
      ctx.bus.off('damage-report.updated', onDamageReportUpdated);
      ctx.bus.off('user.access.changed', onUserAccessChanged);
      closed = true;
      detachGuests();
      // Closes every socket; Socket.IO then closes the HTTP server too, which Fastify may already have done.
      await io.close();
      await fanOut?.close();
    },
  };
}
