import { createHash, timingSafeEqual } from 'node:crypto';
import net, { type AddressInfo, type Socket } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Logger } from 'pino';
import { orphanWillAllowed, publishRefusal, subscribeRefusal, type BrokerIdentity } from './broker-access';
// Types only: in the broker's worker thread both live on the main thread, behind its message port.
import type { DeviceCredentials, DeviceIdentity } from './device-credentials';
import type { Refusal, RefusalLog } from './refusal-log';
import { listenWebSocket, type WebSocketListener } from './websocket-listener';
import '../lib/mqtt-packet-numbers';

export interface EmbeddedBrokerOptions {
  /** MQTT over TCP; 0 picks a free port (tests). */
  port: number;
  /** MQTT over WebSocket, off when absent. */
  wsPort?: number;
  /** Listen address; carts connect over the network, so every interface by default. */
  host?: string;
  /** Checks a cart's id and secret against the database (cached); `forget` drops a revoked cart. */
  credentials: Pick<DeviceCredentials, 'check' | 'forget'>;
  /** Where refusals are recorded (rate-limited pino warning and activity row). */
  refusals: Pick<RefusalLog, 'record'>;
  serverUsername: string;
  serverPassword: string;
  /** The largest publish a cart may send (`MAX_DEVICE_PAYLOAD_BYTES`, passed in: the worker loads no schemas). */
  maxDevicePayloadBytes: number;
  log: Logger;
}

export interface EmbeddedBroker {
  /** mqtt://127.0.0.1:PORT, the URL the server's own client and local carts use */
  url: string;
  /** ws://127.0.0.1:PORT/mqtt when MQTT over WebSocket is on */
  wsUrl: string | null;
  /**
   * Takes a deleted tracker's access away now: its cached credentials are dropped (the next connect reads
   * the database, where it is gone) and its connection, if any, is closed.
   */
  revoke(deviceId: string): void;
  close(): Promise<void>;
}

/** A publish routed to an in-process subscriber; `done` lets the broker route on (see `LocalBroker`). */
export type LocalDelivery = (packet: { topic: string; payload: Buffer | string }, done: () => void) => void;

/** The broker as the thread it runs in sees it: also subscribable in-process. */
export interface LocalBroker extends EmbeddedBroker {
  /**
   * Subscribes `deliver` in-process to these filters. The broker routes a message on once every
   * subscriber called its `done`, and a connection reads its next packets only once its last ones are
   * routed, so holding `done` pushes back on the publishing carts.
   */
  subscribeLocal(filters: string[], deliver: LocalDelivery): Promise<void>;
  unsubscribeLocal(filters: string[], deliver: LocalDelivery): Promise<void>;
  /** The retained messages on these filters (in-process subscribers are not sent them by the broker). */
  retained(filters: string[]): AsyncIterable<{ topic: string; payload: Buffer | string }>;
}

interface RetainedStore {
  createRetainedStreamCombi(patterns: string[]): AsyncIterable<{ topic: string; payload: Buffer }>;
}

type AuthOutcome = { identity: BrokerIdentity } | { refused: string; device: DeviceIdentity | null };

/** CONNACK return codes (MQTT 3.1.1 §3.2.2.3). */
const SERVER_UNAVAILABLE = 3;
const NOT_AUTHORIZED = 5;

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest();

/** Constant-time comparison that also hides the length of the expected password. */
const passwordMatches = (given: Buffer, expected: string) => timingSafeEqual(sha256(given), sha256(expected));

const remoteAddressOf = (client: Client): string | null =>
  (client.conn as Partial<net.Socket>).remoteAddress ?? client.req?.socket.remoteAddress ?? null;

/**
 * The embedded MQTT broker (Aedes 1.x, in-memory persistence): the default when no MQTT_URL is set.
 * Carts authenticate with their device id as username and client id and their secret as password; the
 * server user may use all of `fairway/`. Refusals are logged (rate-limited) to pino and the activity table.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<LocalBroker> {
  const { credentials, refusals, serverUsername, serverPassword } = options;
  const log = options.log.child({ part: 'broker' });
  const host = options.host ?? '0.0.0.0';
  /** Who each connection authenticated as; a WeakMap so a closed client leaves nothing behind. */
  const identities = new WeakMap<Client, BrokerIdentity>();

  const refuse = (client: Client, refusal: Omit<Refusal, 'clientId' | 'remoteAddress'>) =>
    refusals.record({ ...refusal, clientId: client.id, remoteAddress: remoteAddressOf(client) });

  async function authenticate(
    client: Client,
    username: string | undefined,
    password: Buffer | undefined,
  ): Promise<AuthOutcome> {
    if (!username || !password) return { refused: 'missing credentials', device: null };
    if (username === serverUsername) {
      if (!passwordMatches(password, serverPassword))
        return { refused: 'wrong server password', device: null };
      // Commands go out over it (and, with the hand-over off, everything the carts say comes in); Nagle's
      // algorithm held each small message back ~40 ms (bench, command round-trip). Carts keep batching.
      (client.conn as Partial<Socket>).setNoDelay?.(true);
      return { identity: { kind: 'server' } };
    }
    // The client id is part of the identity: it keys the session, so one cart cannot take over another's.
    if (client.id !== username) return { refused: 'client id must equal the username', device: null };
    const check = await credentials.check(username, password.toString('utf8'));
    if (!check.ok) return { refused: check.reason, device: check.device };
    return { identity: { kind: 'device', ...check.device } };
  }
  const usernameOf = (identity: BrokerIdentity | undefined): string | null =>
    identity === undefined ? null : identity.kind === 'device' ? identity.deviceId : serverUsername;

  const aedes = await Aedes.createBroker({
    // A frozen subscriber must not stall delivery to everyone else for long.
    drainTimeout: 30_000,
    authenticate(client, username, password, done) {
      authenticate(client, username, password).then(
        (outcome) => {
          if ('identity' in outcome) {
            identities.set(client, outcome.identity);
            return done(null, true);
          }
          refuse(client, {
            action: 'connect',
            reason: outcome.refused,
            username: username ?? null,
            device: outcome.device,
          });
          done(
            Object.assign(new Error('not authorized'), { returnCode: NOT_AUTHORIZED }) as AuthenticateError,
            false,
          );
        },
        (error: unknown) => {
          log.error({ err: error }, 'MQTT authentication failed with an error');
          // The cart retries later instead of treating its secret as wrong.
          done(
            Object.assign(new Error('server unavailable'), {
              returnCode: SERVER_UNAVAILABLE,
            }) as AuthenticateError,
            false,
          );
        },
      );
    },
    authorizePublish(client, packet, done) {
      if (!client) {
        const clientId = (packet as { clientId?: string }).clientId;
        return done(orphanWillAllowed(clientId, packet.topic) ? null : new Error('will not authorized'));
      }
      const identity = identities.get(client);
      const reason = !identity
        ? 'not authenticated'
        : // Aedes has no packet size limit; a cart's messages are small (issue 15 item 13). The server's own
          // publishes (configs with many codes and zones) are not limited here.
          identity.kind === 'device' && packet.payload.length > options.maxDevicePayloadBytes
          ? `message of ${packet.payload.length} bytes exceeds ${options.maxDevicePayloadBytes}`
          : publishRefusal(identity, packet.topic);
      if (reason === null) return done(null);
      refuse(client, {
        action: 'publish',
        reason,
        username: usernameOf(identity),
        topic: packet.topic,
        device: deviceOf(identity),
      });
      // Aedes closes the connection (MQTT 3.1.1 §3.3.5: the server must not forward it).
      done(new Error(`publish to ${packet.topic} not authorized`));
    },
    authorizeSubscribe(client, subscription, done) {
      const identity = identities.get(client);
      const reason = identity ? subscribeRefusal(identity, subscription.topic) : 'not authenticated';
      if (reason === null) return done(null, subscription);
      refuse(client, {
        action: 'subscribe',
        reason,
        username: usernameOf(identity),
        topic: subscription.topic,
        device: deviceOf(identity),
      });
      // A null subscription answers SUBACK 0x80 for this filter and keeps the connection.
      done(null, null);
    },
  });
  aedes.on('clientError', (client, error) =>
    log.debug({ clientId: client.id, err: error }, 'MQTT client error'),
  );
  aedes.on('connectionError', (client, error) =>
    log.debug({ clientId: client.id, err: error }, 'MQTT connection error'),
  );

  const closeAedes = () => new Promise<void>((resolve) => aedes.close(() => resolve()));
  const server = net.createServer((socket) => aedes.handle(socket));
  let ws: WebSocketListener | null = null;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, host, () => resolve());
    });
    if (options.wsPort !== undefined) {
      ws = await listenWebSocket(options.wsPort, host, (stream, request) => aedes.handle(stream, request));
    }
  } catch (error) {
    // A port already in use must not leave the broker (and its heartbeat timer) behind.
    server.close();
    await closeAedes();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  log.info({ port, wsPort: ws?.port }, 'embedded MQTT broker listening');
  const eachFilter = (filters: string[], call: (filter: string, done: () => void) => void) =>
    Promise.all(filters.map((filter) => new Promise<void>((resolve) => call(filter, resolve)))).then(
      () => undefined,
    );

  return {
    url: `mqtt://127.0.0.1:${port}`,
    wsUrl: ws ? `ws://127.0.0.1:${ws.port}/mqtt` : null,
    revoke(deviceId) {
      credentials.forget(deviceId);
      // Carts connect with their device id as client id (authenticate above), so this is the cart's session.
      // `clients` (by client id) is Aedes's own registry; its type declarations leave it out.
      const { clients } = aedes as unknown as { clients: Record<string, Client | undefined> };
      const client = clients[deviceId];
      if (client && identities.get(client)?.kind === 'device') client.close();
    },
    subscribeLocal: (filters, deliver) =>
      eachFilter(filters, (filter, done) => aedes.subscribe(filter, deliver, done)),
    unsubscribeLocal: (filters, deliver) =>
      eachFilter(filters, (filter, done) => aedes.unsubscribe(filter, deliver, done)),
    // Aedes's declarations leave its persistence out; the in-memory one's stream is a Readable (iterable).
    retained: (filters) =>
      (aedes as unknown as { persistence: RetainedStore }).persistence.createRetainedStreamCombi(filters),
    async close() {
      await closeAedes();
      await ws?.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const deviceOf = (identity: BrokerIdentity | undefined): DeviceIdentity | null =>
  identity?.kind === 'device' ? { deviceId: identity.deviceId, siteId: identity.siteId } : null;
