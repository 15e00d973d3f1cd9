import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { DeviceMessageSource, HandedOverMessage } from '../devices/gateway/device-gateway';
import { MAX_DEVICE_PAYLOAD_BYTES } from '../devices/gateway/inbound-message';
import type { BrokerWorkerData, FromBrokerWorker, ToBrokerWorker } from './broker-thread-protocol';
import { DeviceCredentials } from './device-credentials';
import type { EmbeddedBroker } from './embedded-broker';
import { RefusalLog } from './refusal-log';

export interface BrokerThreadOptions {
  /** MQTT over TCP; 0 picks a free port (tests), kept across restarts. */
  port: number;
  /** MQTT over WebSocket, off when absent. */
  wsPort?: number;
  host?: string;
  /** Device credentials are checked and refusals recorded here, on the main thread's pool. */
  db: Db;
  serverUsername: string;
  serverPassword: string;
  log: Logger;
  /** How long a device's secret hash is trusted from cache (default 10 s). */
  credentialCacheMs?: number;
  /** First pause before a crashed broker is started again; doubles up to `maxRestartDelayMs`. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
}

export interface BrokerThread extends EmbeddedBroker {
  /** False from the moment the worker died until its successor listens again (health reports it). */
  running(): boolean;
  /** How often the worker died and was started again. */
  restarts(): number;
  /** The current worker; tests end it to play a crash. */
  readonly worker: Worker;
  /** What carts publish to the server, handed over by the worker without an MQTT hop (`device-handover.ts`). */
  deviceMessages: DeviceMessageSource;
}

const WORKER_URL = new URL('./broker-worker.mjs', import.meta.url);
/** A worker that stayed up this long is healthy again: the next crash restarts it after the first delay. */
const STABLE_AFTER_MS = 30_000;
const CLOSE_TIMEOUT_MS = 10_000;

/** A failed start (a port in use, say), with the worker's message and errno code. */
class BrokerStartError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * The embedded broker in a worker thread of this process (docs/decisions.md: the broker off the main loop).
 * Starts it and resolves once it listens; a worker that dies unasked is logged, reported by `running()` and
 * started again on the same ports with a growing delay. The server's MQTT client reconnects by itself and,
 * finding no session (the broker's retained messages and sessions live in the worker's memory), republishes
 * every cart's config (runtime.ts).
 */
export async function startBrokerThread(options: BrokerThreadOptions): Promise<BrokerThread> {
  const log = options.log.child({ part: 'broker' });
  const firstDelay = options.restartDelayMs ?? 500;
  const maxDelay = options.maxRestartDelayMs ?? 10_000;
  let ports = { port: options.port, wsPort: options.wsPort };
  let up = false;
  let closing = false;
  let restarts = 0;
  let delay = firstDelay;
  let restartTimer: NodeJS.Timeout | undefined;
  let current: Worker | null = null;
  /** A restart under way: `close` waits for it, so no worker outlives the server. */
  let restarting: Promise<unknown> | null = null;
  // On this thread, so they outlive a crashed worker: the cache spares a reconnect storm the database, and
  // the refusal log's rate limits hold across restarts.
  const credentials = new DeviceCredentials(options.db, { ttlMs: options.credentialCacheMs });
  const refusals = new RefusalLog(options.db, log);
  /** The gateway's hand-over, asked again of every worker that starts after a crash. */
  let handover: { filters: string[]; receive: HandedOverMessage } | null = null;

  const relayLog = (line: string) => {
    try {
      const {
        level,
        msg,
        time: _time,
        pid: _pid,
        hostname: _host,
        ...fields
      } = JSON.parse(line) as {
        level: number;
        msg?: string;
        [field: string]: unknown;
      };
      // The worker's lines carry their own `part: 'broker'`.
      const label = options.log.levels.labels[level] as 'info' | undefined;
      options.log[label ?? 'info'](fields, msg ?? '');
    } catch {
      log.info(line.trim());
    }
  };

  /** One worker: resolves with it once its broker listens, rejects if it could not start. */
  const spawn = () =>
    new Promise<Worker>((resolve, reject) => {
      const workerData: BrokerWorkerData = {
        ...ports,
        host: options.host,
        serverUsername: options.serverUsername,
        serverPassword: options.serverPassword,
        maxDevicePayloadBytes: MAX_DEVICE_PAYLOAD_BYTES,
        logLevel: options.log.level,
      };
      const worker = new Worker(WORKER_URL, {
        workerData,
        name: 'mqtt-broker',
        // The thread's own heap, within the process's memory budget (docs/performance.md, issue 22 memory):
        // it holds about 110 MB with 10,000 carts connected; without limits V8 lets it grow to the process's
        // flags and keeps the garbage. A young generation of 8 MB (not 16) costs no throughput (bench).
        resourceLimits: { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 8 },
      });
      let started = false;
      const answer = (message: ToBrokerWorker) => worker.postMessage(message);
      worker.on('message', (message: FromBrokerWorker) => {
        if (message.type === 'check') {
          // Once per connection (a reconnect storm is batched by the cache), never per message.
          const { id } = message;
          credentials.check(message.deviceId, message.secret).then(
            (result) => answer({ type: 'checked', id, result }),
            (error: unknown) => {
              log.error({ err: error }, 'checking device credentials failed');
              answer({ type: 'checked', id, error: error instanceof Error ? error.message : String(error) });
            },
          );
        } else if (message.type === 'devices') {
          const { topics, payloads, retained } = message;
          try {
            for (let i = 0; i < topics.length; i += 1) handover?.receive(topics[i]!, payloads[i]!, retained);
          } finally {
            answer({ type: 'taken', count: topics.length });
          }
        } else if (message.type === 'refusal') refusals.record(message.refusal);
        else if (message.type === 'log') relayLog(message.line);
        else if (message.type === 'ready') {
          started = true;
          // Restarts keep the ports the first start got, so every client reconnects to the same URL.
          ports = { port: message.port, wsPort: message.wsPort ?? undefined };
          resolve(worker);
        } else if (message.type === 'failed') reject(new BrokerStartError(message.message, message.code));
      });
      worker.on('error', (error) => {
        if (!started) reject(error);
        else log.error({ err: error }, 'the embedded MQTT broker thread failed');
      });
      worker.on('exit', (code) => {
        if (!started) reject(new Error(`the embedded MQTT broker thread exited (${code}) before listening`));
        else if (worker === current) died(code);
      });
    });

  const died = (code: number) => {
    up = false;
    if (closing) return;
    restarts += 1;
    log.error(
      { exitCode: code, restartInMs: delay, restarts },
      'the embedded MQTT broker thread stopped unexpectedly: carts are cut off until it is restarted',
    );
    scheduleRestart();
  };

  const scheduleRestart = () => {
    const wait = delay;
    delay = Math.min(delay * 2, maxDelay);
    restartTimer = setTimeout(() => {
      restarting = spawn().then(
        (worker) => {
          if (closing) {
            const exited = new Promise((resolve) => worker.once('exit', resolve));
            worker.postMessage({ type: 'close' } satisfies ToBrokerWorker);
            return exited;
          }
          current = worker;
          up = true;
          if (handover)
            worker.postMessage({ type: 'hand-over', filters: handover.filters } satisfies ToBrokerWorker);
          log.warn({ restarts }, 'the embedded MQTT broker thread is listening again');
          setTimeout(() => {
            if (current === worker && up) delay = firstDelay;
          }, STABLE_AFTER_MS).unref();
        },
        (error: unknown) => {
          log.error({ err: error, restartInMs: delay }, 'restarting the embedded MQTT broker failed');
          if (!closing) scheduleRestart();
        },
      );
      void restarting.finally(() => (restarting = null));
    }, wait);
  };

  current = await spawn();
  up = true;
  log.info({ port: ports.port, wsPort: ports.wsPort }, 'embedded MQTT broker thread started');

  return {
    url: `mqtt://127.0.0.1:${ports.port}`,
    wsUrl: ports.wsPort === undefined ? null : `ws://127.0.0.1:${ports.wsPort}/mqtt`,
    get worker() {
      return current!;
    },
    running: () => up,
    restarts: () => restarts,
    deviceMessages: {
      listen(filters, receive) {
        handover = { filters, receive };
        current?.postMessage({ type: 'hand-over', filters } satisfies ToBrokerWorker);
        return () => {
          handover = null;
          current?.postMessage({ type: 'end-hand-over' } satisfies ToBrokerWorker);
        };
      },
    },
    revoke(deviceId) {
      credentials.forget(deviceId);
      // A revocation while the broker restarts is moot: the cart's connection died with the worker.
      current?.postMessage({ type: 'revoke', deviceId } satisfies ToBrokerWorker);
    },
    async close() {
      closing = true;
      clearTimeout(restartTimer);
      // A successor that comes up now is told to close at once (above); wait until it did.
      await restarting;
      const worker = current;
      if (!up || !worker) return;
      up = false;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ type: 'close' } satisfies ToBrokerWorker);
      const timer = setTimeout(() => {
        log.warn('the embedded MQTT broker thread did not stop in time: terminated');
        void worker.terminate();
      }, CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
