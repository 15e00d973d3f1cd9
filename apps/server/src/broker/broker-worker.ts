import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import type { BrokerWorkerData, FromBrokerWorker, ToBrokerWorker } from './broker-thread-protocol';
import type { CredentialCheck } from './device-credentials';
import { DeviceHandover } from './device-handover';
import { startEmbeddedBroker, type LocalBroker } from './embedded-broker';

/**
 * The embedded broker's worker thread (started by `broker-thread.ts` through `broker-worker.mjs`): Aedes and
 * its TCP and WebSocket listeners run here, on an event loop of their own, so parsing and routing every
 * cart's report no longer competes with the server's own work. A cart's credentials are checked by the main
 * thread (its cache and pool), asked once per connection. What carts publish to the server crosses the port
 * in batches (`device-handover.ts`), once the main thread asks for it.
 */
if (!parentPort) throw new Error('broker-worker.ts runs only as a worker thread');
const port = parentPort;
const data = workerData as BrokerWorkerData;
const post = (message: FromBrokerWorker) => port.postMessage(message);

// Log lines go to the main thread, which writes them through the server's own logger (level, format,
// destination); refusals are rate-limited, so this is a trickle.
const log = pino({ level: data.logLevel }, { write: (line: string) => post({ type: 'log', line }) });

const checks = new Map<number, PromiseWithResolvers<CredentialCheck>>();
let lastCheck = 0;
const credentials = {
  check(deviceId: string, secret: string): Promise<CredentialCheck> {
    const id = ++lastCheck;
    const answer = Promise.withResolvers<CredentialCheck>();
    checks.set(id, answer);
    post({ type: 'check', id, deviceId, secret });
    return answer.promise;
  },
  // The cache lives on the main thread, which forgets a revoked cart before it tells this thread.
  forget: () => undefined,
};

let broker: LocalBroker | null = null;
let handover: DeviceHandover | null = null;

const logFailure = (what: string) => (error: unknown) => log.error({ err: error }, what);

async function start(): Promise<void> {
  try {
    broker = await startEmbeddedBroker({
      port: data.port,
      wsPort: data.wsPort,
      host: data.host,
      credentials,
      refusals: { record: (refusal) => post({ type: 'refusal', refusal }) },
      serverUsername: data.serverUsername,
      serverPassword: data.serverPassword,
      maxDevicePayloadBytes: data.maxDevicePayloadBytes,
      log,
    });
  } catch (error) {
    const { message, code } = error as NodeJS.ErrnoException;
    post({ type: 'failed', message: String(message), ...(code ? { code } : {}) });
    port.close();
    return;
  }
  handover = new DeviceHandover(broker, post);
  const wsPort = broker.wsUrl ? Number(new URL(broker.wsUrl).port) : null;
  post({ type: 'ready', port: Number(new URL(broker.url).port), wsPort });
}

async function close(): Promise<void> {
  await handover?.end();
  await broker?.close();
  post({ type: 'closed' });
  port.close();
}

port.on('message', (message: ToBrokerWorker) => {
  switch (message.type) {
    case 'checked': {
      const answer = checks.get(message.id);
      checks.delete(message.id);
      // An error answer (the database unreachable) makes the broker answer "server unavailable".
      if ('error' in message) answer?.reject(new Error(message.error));
      else answer?.resolve(message.result);
      break;
    }
    case 'revoke':
      broker?.revoke(message.deviceId);
      break;
    case 'hand-over':
      handover?.start(message.filters).catch(logFailure('handing device messages over failed'));
      break;
    case 'end-hand-over':
      handover?.end().catch(logFailure('ending the hand-over of device messages failed'));
      break;
    case 'taken':
      handover?.taken(message.count);
      break;
    case 'close':
      void close();
      break;
  }
});

void start();
