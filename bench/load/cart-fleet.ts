/**
 * Load process: 2,000 carts, each its own MQTT connection with its own credentials, publishing telemetry
 * round-robin at a rate the bench sets; also the publisher of the broker's raw relay measurement.
 */
import { deviceTopic, type TelemetryMessage } from '@fairway/domain';
import mqtt, { type MqttClient } from 'mqtt';
import type { CartCredentials, Credentials, FleetCommand, FleetReport } from '../lib/protocol';

const report = (message: FleetReport) => process.send?.(message);

interface Cart {
  client: MqttClient;
  topic: string;
  base: TelemetryMessage;
}

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
    client,
    topic: deviceTopic(deviceId, 'telemetry'),
    base: {
      ts: 0,
      lat: 56.3498 + (index % 100) * 0.0001,
      lng: -2.8135 - Math.floor(index / 100) * 0.0001,
      speed: 11.5,
      heading: 180,
      gpsLock: 9,
      lock: 0,
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
    case 'exit':
      void Promise.all(carts.map((cart) => cart.client.endAsync())).finally(() => process.exit(0));
      carts = [];
      return;
  }
});

setInterval(() => {
  if (publishing) report({ type: 'progress', sent });
}, 250).unref();
