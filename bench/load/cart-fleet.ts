/**
 * Load process: 2,000 carts, each its own MQTT connection with its own credentials, publishing telemetry
 * round-robin at a rate the bench sets, and (once told to obey) answering lock/unlock commands as a real
 * cart does; also the publisher of the broker's raw relay measurement.
 */
import { deviceTopic, type AckMessage, type CommandMessage, type TelemetryMessage } from '@fairway/domain';
import mqtt, { type MqttClient } from 'mqtt';
import type {
  CartCredentials,
  CommandReceipt,
  Credentials,
  FleetCommand,
  FleetReport,
} from '../lib/protocol';

const report = (message: FleetReport) => process.send?.(message);

interface Cart {
  deviceId: string;
  client: MqttClient;
  topic: string;
  /** The cart's report; `lock` is its lock state, which commands change. */
  base: TelemetryMessage;
}

/** A clock shared by the three bench processes, finer than Date.now(). */
const clock = () => performance.timeOrigin + performance.now();
let receipts: CommandReceipt[] = [];

let carts: Cart[] = [];
let publishing: { rate: number; startedAt: number; sentAtRateChange: number; stop: boolean } | null = null;
/** Messages of the current publish session (each `publish` starts at 0). */
let sent = 0;
/** Round-robin position over the carts, kept across sessions. */
let cursor = 0;

async function connect(url: string, credentials: CartCredentials[]): Promise<void> {
  const started = performance.now();
  // Connect in waves: a real fleet comes up over seconds, and 2,000 simultaneous TCP handshakes would
  // mostly measure the listen backlog.
  const wave = 200;
  for (let i = 0; i < credentials.length; i += wave) {
    const connected = await Promise.all(
      credentials.slice(i, i + wave).map((cart, j) => connectCart(url, cart, i + j)),
    );
    carts.push(...connected);
  }
  report({ type: 'connected', carts: carts.length, ms: Math.round(performance.now() - started) });
}

async function connectCart(url: string, { deviceId, secret }: CartCredentials, index: number): Promise<Cart> {
  const status = deviceTopic(deviceId, 'status');
  const client = await mqtt.connectAsync(url, {
    username: deviceId,
    password: secret,
    clientId: deviceId,
    keepalive: 60,
    reconnectPeriod: 0,
    will: { topic: status, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
  });
  client.on('error', () => undefined);
  await client.publishAsync(
    status,
    JSON.stringify({ online: true, ts: Date.now(), firmware: 'bench-1.0', configVersion: 0 }),
    {
      qos: 1,
      retain: true,
    },
  );
  return {
    deviceId,
    client,
    topic: deviceTopic(deviceId, 'telemetry'),
    base: {
      ts: 0,
      lat: 56.3498 + (index % 100) * 0.0001,
      lng: -2.8135 - Math.floor(index / 100) * 0.0001,
      speed: 11.5,
      heading: 180,
      gpsLock: 9,
      // Half the fleet starts locked, so the command phase has carts to lock and carts to unlock.
      lock: index % 2 === 1 ? 1 : 0,
      key: '0',
      keyAlarm: '0',
      battV: 50.1,
      charging: false,
      odometer: 0,
      conType: 'G',
      csq: 20,
      uptime: 0,
      temp: 30,
    },
  };
}

/**
 * Publishes at the current rate, in slices between which the event loop runs (so acks, rate changes and
 * socket writes proceed). The telemetry carries its send time in `odometer`, which the pipeline stores and
 * pushes unchanged (`carOdometer` with offset 0): the browser probe computes end-to-end latency from it.
 */
function publishLoop(): void {
  if (!publishing || publishing.stop) {
    report({ type: 'stopped', sent });
    publishing = null;
    return;
  }
  const now = performance.now();
  const due =
    publishing.sentAtRateChange + Math.floor(((now - publishing.startedAt) / 1000) * publishing.rate);
  const slice = Math.min(due - sent, 500);
  for (let i = 0; i < slice; i++) {
    const cart = carts[cursor++ % carts.length]!;
    const at = Date.now();
    cart.client.publish(cart.topic, JSON.stringify({ ...cart.base, ts: at, odometer: at, uptime: sent }), {
      qos: 0,
    });
    sent += 1;
  }
  if (slice >= 500) setImmediate(publishLoop);
  else setTimeout(publishLoop, 2);
}

/**
 * Every cart subscribes to its command topic (QoS 1, as a cart does on connect; here only before the
 * command phase, so the earlier phases stay comparable with earlier runs) and obeys: a lock or unlock
 * changes its lock state, is acknowledged at once (QoS 1), and is followed by a report with the new state,
 * as protocol §3.2 asks. Refusals follow §3.4 (expired, already in that state).
 */
async function obeyCommands(): Promise<void> {
  const started = performance.now();
  const wave = 200;
  for (let i = 0; i < carts.length; i += wave) {
    await Promise.all(
      carts.slice(i, i + wave).map(async (cart) => {
        const topic = deviceTopic(cart.deviceId, 'command');
        const ackTopic = deviceTopic(cart.deviceId, 'ack');
        cart.client.on('message', (received, payload) => {
          if (received !== topic) return;
          const receivedAt = clock();
          const command = JSON.parse(payload.toString()) as CommandMessage;
          const target = command.name === 'lock' ? 1 : command.name === 'unlock' ? 0 : null;
          let ack: AckMessage;
          if (Date.now() > command.expiresAt)
            ack = { id: command.id, ok: false, error: 'expired', ts: Date.now() };
          else if (target !== null && cart.base.lock === target)
            ack = {
              id: command.id,
              ok: false,
              error: target === 1 ? 'already locked' : 'already unlocked',
              ts: Date.now(),
            };
          else ack = { id: command.id, ok: true, ts: Date.now() };
          if (ack.ok && target !== null) cart.base.lock = target;
          cart.client.publish(ackTopic, JSON.stringify(ack), { qos: 1 });
          receipts.push({
            id: command.id,
            deviceId: cart.deviceId,
            receivedAt,
            ackedAt: clock(),
            ok: ack.ok,
          });
          if (ack.ok && target !== null) {
            const at = Date.now();
            cart.client.publish(cart.topic, JSON.stringify({ ...cart.base, ts: at, odometer: at }), {
              qos: 0,
            });
          }
        });
        await cart.client.subscribeAsync(topic, { qos: 1 });
      }),
    );
  }
  report({ type: 'obeying', carts: carts.length, ms: Math.round(performance.now() - started) });
}

async function relayPublish(broker: Credentials, topic: string, seconds: number): Promise<void> {
  const client = await mqtt.connectAsync(broker.url, {
    username: broker.username,
    password: broker.password,
    clientId: `bench-relay-pub-${process.pid}`,
    reconnectPeriod: 0,
  });
  const payload = Buffer.from(JSON.stringify({ n: 0, pad: 'x'.repeat(100) }));
  const until = performance.now() + seconds * 1000;
  let count = 0;
  while (performance.now() < until) {
    for (let i = 0; i < 1_000; i++) client.publish(topic, payload, { qos: 0 });
    count += 1_000;
    // Respect the socket's backpressure: the broker, not this process's memory, must set the pace.
    if (client.stream.writableLength > 1_000_000)
      await new Promise((resolve) => client.stream.once('drain', resolve));
    else await new Promise((resolve) => setImmediate(resolve));
  }
  await client.endAsync();
  report({ type: 'relay-published', sent: count });
}

process.on('message', (message: FleetCommand) => {
  switch (message.type) {
    case 'connect':
      void connect(message.url, message.carts);
      return;
    case 'relay-publish':
      void relayPublish(message.broker, message.topic, message.seconds);
      return;
    case 'publish':
      sent = 0;
      publishing = {
        rate: message.ratePerSecond,
        startedAt: performance.now(),
        sentAtRateChange: 0,
        stop: false,
      };
      publishLoop();
      return;
    case 'rate':
      if (publishing) {
        publishing.sentAtRateChange = sent;
        publishing.startedAt = performance.now();
        publishing.rate = message.ratePerSecond;
      }
      return;
    case 'stop':
      if (publishing) publishing.stop = true;
      else report({ type: 'stopped', sent });
      return;
    case 'obey-commands':
      void obeyCommands();
      return;
    case 'command-receipts':
      report({ type: 'command-receipts', receipts });
      receipts = [];
      return;
    case 'exit':
      void Promise.all(carts.map((cart) => cart.client.endAsync())).finally(() => process.exit(0));
      carts = [];
      return;
  }
});

setInterval(() => {
  if (publishing) report({ type: 'progress', sent });
}, 250).unref();
