import { deviceMayPublish, deviceMaySubscribe } from '@fairway/domain';
import { Aedes } from 'aedes';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { SERVER } from './mqtt.test-support';

/** Aedes keeps its persistence on the instance, but its type declarations do not say so. */
export const persistenceOf = (broker: Aedes): unknown =>
  (broker as unknown as { persistence: unknown }).persistence;

/**
 * An Aedes broker that authenticates each cart by its own secret and enforces the protocol's ACL
 * (a device may publish only its own status/telemetry/ack/config/ack/event and subscribe only its own
 * command/config), so the test also proves the simulator stays inside its topics.
 */
export async function startBroker(secrets: Map<string, string>, persistence?: unknown, port = 0) {
  const broker = await Aedes.createBroker(persistence ? { persistence } : {});
  const violations: string[] = [];
  const isServer = (client: { id: string } | null) => client?.id.startsWith('server-') ?? true;
  broker.authenticate = (client, username, password, done) => {
    const secret = username === SERVER.username ? SERVER.password : secrets.get(username ?? '');
    const ok =
      secret !== undefined &&
      password?.toString() === secret &&
      (username === SERVER.username || client.id === username);
    done(null, ok);
  };
  broker.authorizePublish = (client, packet, done) => {
    if (isServer(client) || deviceMayPublish(client!.id, packet.topic)) return done(null);
    violations.push(`${client!.id} published ${packet.topic}`);
    done(new Error('not allowed'));
  };
  broker.authorizeSubscribe = (client, subscription, done) => {
    if (isServer(client) || deviceMaySubscribe(client.id, subscription.topic))
      return done(null, subscription);
    violations.push(`${client.id} subscribed ${subscription.topic}`);
    done(new Error('not allowed'), null);
  };
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    // Stop accepting first: a cart reconnecting in between would otherwise keep the server open.
    const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await serverClosed;
  };
  return { broker, url, port: (server.address() as AddressInfo).port, violations, close };
}
