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
  /**
   * Subscribe every cart to its command topic (QoS 1) and obey from then on: ack each command (QoS 1), apply
   * the lock state to its later reports and send one report at once, as a real cart does.
   */
  | { type: 'obey-commands' }
  | { type: 'command-receipts' }
  | { type: 'exit' };

/** When a cart received a command and answered it (epoch ms, sub-millisecond: `performance.timeOrigin + now()`). */
export interface CommandReceipt {
  id: string;
  deviceId: string;
  receivedAt: number;
  ackedAt: number;
  ok: boolean;
}

/** cart fleet → bench */
export type FleetReport =
  | { type: 'connected'; carts: number; ms: number }
  | { type: 'obeying'; carts: number; ms: number }
  | { type: 'command-receipts'; receipts: CommandReceipt[] }
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
  /**
   * Lock or unlock each cart over HTTP (`POST /api/dashboard/devices/{id}/lock|unlock`, the probe's bearer
   * token and site), `concurrency` calls at a time, timing each call's answer and the socket's
   * `command:update` events for it.
   */
  | { type: 'commands'; label: string; targets: CommandTarget[]; concurrency: number }
  | { type: 'exit' };

export interface CommandTarget {
  deviceId: string;
  action: 'lock' | 'unlock';
}

/** One lock/unlock call as the browser probe saw it; times are epoch ms (sub-millisecond). */
export interface CommandSample {
  deviceId: string;
  action: 'lock' | 'unlock';
  /** The command's id, from the HTTP answer (or the socket, when the call failed). */
  commandId: string | null;
  /** HTTP status and the command's state in the answer. */
  status: number;
  state: string | null;
  /** The answer's cart is in the asked lock state. */
  deviceMatches: boolean;
  /** Request sent. */
  startedAt: number;
  /** `command:update` with state 'queued' (stored) and with the final state, on the probe's socket. */
  queuedAt: number | null;
  finalAt: number | null;
  finalState: string | null;
  /** HTTP answer read. */
  answeredAt: number;
  /** `device:updates` push of this cart after its final `command:update` that still showed the old lock state. */
  staleUpdates: number;
}

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
    }
  | { type: 'commands-result'; label: string; samples: CommandSample[]; seconds: number };
