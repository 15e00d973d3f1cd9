import type { CartView } from './schemas/devices';

/**
 * Typed Socket.IO event maps shared by the realtime gateway and the web app.
 * Acknowledgement callbacks answer `{ ok: false, message }` on refusal so the client can show why.
 */
export type SocketAck<T = undefined> = (
  result: { ok: true; data: T } | { ok: false; message: string },
) => void;

export interface ClientToServerEvents {
  'join:site': (siteId: string, ack?: SocketAck) => void;
  'leave:site': (siteId: string, ack?: SocketAck) => void;
  'get:site:devices': (siteId: string, ack?: SocketAck<CartView[]>) => void;
}

export interface ServerToClientEvents {
  /** The full device list of a site, answer to `get:site:devices`. */
  'site:devices': (payload: { siteId: string; devices: CartView[] }) => void;
  /** One cart changed (telemetry, status, lock); the payload replaces the cart as a whole. */
  'device:update': (device: CartView) => void;
}
