import type { CredentialCheck } from './device-credentials';
import type { Refusal } from './refusal-log';

/**
 * The messages between the server's main thread and the embedded broker's worker thread
 * (`broker-thread.ts` ↔ `broker-worker.ts`). Only lifecycle, a cart's credential check when it connects,
 * refusals, revocations and log lines cross the port: device traffic reaches the server over its MQTT
 * connection, like from any external broker.
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
  | { type: 'close' };

export type FromBrokerWorker =
  | { type: 'check'; id: number; deviceId: string; secret: string }
  | { type: 'refusal'; refusal: Refusal }
  | { type: 'ready'; port: number; wsPort: number | null }
  | { type: 'failed'; message: string; code?: string }
  | { type: 'log'; line: string }
  | { type: 'closed' };
