/**
 * Messages between the bench (the server process) and its two load processes over Node's IPC channel.
 * The load runs outside the server process so the server's CPU, memory and event loop are its own.
 */
export interface Credentials {
  url: string;
  username: string;
  password: string;
}

export interface CartCredentials {
  deviceId: string;
  secret: string;
}

/** bench → cart fleet */
export type FleetCommand =
  | { type: 'connect'; url: string; carts: CartCredentials[] }
  | { type: 'relay-publish'; broker: Credentials; topic: string; seconds: number }
  /** Publish telemetry round-robin over all carts at `ratePerSecond` until `stop` (which reports the count). */
  | { type: 'publish'; ratePerSecond: number }
  | { type: 'rate'; ratePerSecond: number }
  | { type: 'stop' }
  | { type: 'exit' };

/** cart fleet → bench */
export type FleetReport =
  | { type: 'connected'; carts: number; ms: number }
  | { type: 'relay-published'; sent: number }
  | { type: 'progress'; sent: number }
  | { type: 'stopped'; sent: number };

/** bench → browser probe */
export type ProbeCommand =
  | { type: 'relay-subscribe'; broker: Credentials; topic: string }
  | { type: 'relay-report' }
  | { type: 'socket'; url: string; token: string; siteId: string }
  | { type: 'record'; on: boolean }
  | { type: 'report' }
  | { type: 'exit' };

export interface LatencySummary {
  samples: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** browser probe → bench */
export type ProbeReport =
  | { type: 'relay-ready' }
  | { type: 'relay-result'; received: number; messagesPerSecond: number }
  | { type: 'socket-ready' }
  | {
      type: 'report';
      updates: number;
      latency: LatencySummary & { cartToGateway: LatencySummary; gatewayToBrowser: LatencySummary };
    };
