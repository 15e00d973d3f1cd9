import type { CredentialCheck } from './device-credentials';
import type { Refusal } from './refusal-log';

/**
 * The messages between the server's main thread and the embedded broker's worker thread
 * (`broker-thread.ts` ↔ `broker-worker.ts`): lifecycle, a cart's credential check when it connects,
 * refusals, revocations, log lines, and what carts publish to the server, handed over in batches
 * (`device-handover.ts`) instead of over an MQTT connection. Commands and configs still go out over the
 * server's MQTT connection.
 */

/** What the worker is started with (`workerData`). */
export interface BrokerWorkerData {
  port: number;
  wsPort?: number;
  host?: string;
  serverUsername: string;
  serverPassword: string;
  maxDevicePayloadBytes: number;
  /** pino level of the main thread's logger; the worker's lines are logged there again. */
  logLevel: string;
}

export type ToBrokerWorker =
  | { type: 'checked'; id: number; result: CredentialCheck }
  | { type: 'checked'; id: number; error: string }
  | { type: 'revoke'; deviceId: string }
  /** Start handing over what carts publish on these filters (and the retained messages on them). */
  | { type: 'hand-over'; filters: string[] }
  | { type: 'end-hand-over' }
  /** The main thread has dispatched this many handed-over messages (the worker's credit window). */
  | { type: 'taken'; count: number }
  | { type: 'close' };

export type FromBrokerWorker =
  | { type: 'check'; id: number; deviceId: string; secret: string }
  | { type: 'refusal'; refusal: Refusal }
  | { type: 'ready'; port: number; wsPort: number | null }
  | { type: 'failed'; message: string; code?: string }
  | { type: 'log'; line: string }
  | DeviceBatch
  | { type: 'closed' };

/** Messages carts published, in the order the broker routed them; `retained`: replayed from the store. */
export interface DeviceBatch {
  type: 'devices';
  topics: string[];
  /** UTF-8 decoded in the worker (a Buffer would be cloned with its whole backing pool). */
  payloads: string[];
  retained: boolean;
}
