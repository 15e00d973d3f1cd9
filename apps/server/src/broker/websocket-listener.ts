import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, createWebSocketStream } from 'ws';

export interface WebSocketListener {
  port: number;
  close(): Promise<void>;
}

/** MQTT over WebSocket negotiates one of these subprotocols (MQTT 3.1.1 §6). */
const MQTT_SUBPROTOCOLS = ['mqtt', 'mqttv3.1'];

/**
 * MQTT over WebSocket for the embedded broker (browsers and trackers behind HTTP-only networks): each
 * WebSocket becomes a byte stream handed to the broker like a TCP socket, with the upgrade request so the
 * broker can tell the remote address.
 */
export async function listenWebSocket(
  port: number,
  host: string,
  handle: (stream: Duplex, request: IncomingMessage) => void,
): Promise<WebSocketListener> {
  const server = new WebSocketServer({
    port,
    host,
    handleProtocols: (offered) => MQTT_SUBPROTOCOLS.find((protocol) => offered.has(protocol)) ?? false,
  });
  server.on('connection', (socket, request) => {
    const stream = createWebSocketStream(socket);
    // A reset connection surfaces as a stream error; the broker sees the close, nothing else to do.
    stream.on('error', () => socket.terminate());
    handle(stream, request);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
