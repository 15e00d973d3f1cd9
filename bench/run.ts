/**
 * `npm run bench`: the device pipeline under a fleet's load, on loopback, in under three minutes.
 *
 *   (a) telemetry msg/s ingested, validated, persisted and pushed, from 2,000 carts on their own
 *       connections and credentials, offered as fast as the pipeline keeps up, every message counted in
 *       `positions` at the end;
 *   (b) device → browser latency p50/p99 at 2,000 msg/s, timed by a Socket.IO client in the site room;
 *   (c) server RSS with 2,000 carts connected, idle and at a steady 5,000 msg/s;
 * each beside the broker's raw relay rate (plain publisher → subscriber, QoS 0) measured in the same run.
 *
 * The server (HTTP, Socket.IO, gateway, Aedes) runs in this process; PostgreSQL is the embedded server in a
 * temporary DATA_DIR; carts and browser run in two child processes. BENCH_MQTT_URL (+ BENCH_MQTT_USERNAME,
 * BENCH_MQTT_PASSWORD) runs the same against an external Mosquitto with dynamic security instead of Aedes.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import { devices, positions } from '../apps/server/src/modules/devices/devices.table';
import { bootBenchServer, type BenchServer, type ExternalBroker } from './lib/boot';
import { Child } from './lib/child';
import type { FleetCommand, FleetReport, ProbeCommand, ProbeReport } from './lib/protocol';
import { toMarkdown, writeResults, type BenchResult } from './lib/report';

const here = path.dirname(fileURLToPath(import.meta.url));
const CARTS = Number(process.env.BENCH_CARTS ?? 2_000);
const THROUGHPUT_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LATENCY_RATE = 2_000;
const TARGET_RATE = 5_000;
const STEADY_SECONDS = 10;
const LATENCY_SECONDS = 10;
const RELAY_SECONDS = 5;
const RELAY_TOPIC = 'fairway/bench/relay';

const external: ExternalBroker | null = process.env.BENCH_MQTT_URL
  ? {
      url: process.env.BENCH_MQTT_URL,
      username: process.env.BENCH_MQTT_USERNAME ?? 'fairway-server',
      password: process.env.BENCH_MQTT_PASSWORD ?? '',
    }
  : null;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => bytes / 1024 / 1024;

async function until(probe: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The server process's RSS, sampled every 250 ms. */
function sampleRss() {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 250);
  return {
    peak: () => peak,
    resetPeak: () => (peak = process.memoryUsage.rss()),
    stop: () => clearInterval(timer),
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const broker = external ? `Mosquitto (${external.url})` : 'Aedes 1.2 (embedded)';
  console.log(`Booting server, embedded PostgreSQL and ${CARTS} carts on ${broker}…`);
  const server: BenchServer = await bootBenchServer(CARTS, external);
  const { rt } = server;
  const fleet = new Child<FleetCommand, FleetReport>(path.join(here, 'load/cart-fleet.ts'));
  const probe = new Child<ProbeCommand, ProbeReport>(path.join(here, 'load/browser-probe.ts'));
  const rss = sampleRss();
  const positionCount = async () => (await rt.ctx.db.select({ n: count() }).from(positions))[0]!.n;

  try {
    const rssBooted = process.memoryUsage.rss();
    console.log(`Connecting ${CARTS} carts…`);
    probe.send({ type: 'socket', url: rt.url, token: server.token, siteId: server.siteId });
    await probe.next('socket-ready');
    fleet.send({ type: 'connect', url: external?.url ?? rt.mqttUrl, carts: server.carts });
    const connected = await fleet.next('connected', 120_000);
    await until(
      async () =>
        (await rt.ctx.db.select({ n: count() }).from(devices).where(eq(devices.online, true)))[0]!.n ===
        CARTS,
      30_000,
      'every cart online in the database',
    );
    await sleep(2_000);
    const rssConnected = process.memoryUsage.rss();
    console.log(`  ${connected.ms} ms; server RSS ${Math.round(mb(rssConnected))} MB`);

    // Before (a): the RSS a process reached never comes back down, so the moderate load goes first.
    console.log(`Steady ${TARGET_RATE} msg/s for ${STEADY_SECONDS} s…`);
    rss.resetPeak();
    const steadyBefore = await positionCount();
    fleet.send({ type: 'publish', ratePerSecond: TARGET_RATE });
    await sleep(STEADY_SECONDS * 1_000);
    fleet.send({ type: 'stop' });
    const steadySent = (await fleet.next('stopped')).sent;
    await until(
      async () => (await positionCount()) - steadyBefore >= steadySent,
      30_000,
      'the steady run to be stored',
    );
    const rssSteady = rss.peak();
    console.log(`  highest RSS ${Math.round(mb(rssSteady))} MB`);

    console.log(`(a) Throughput for ${THROUGHPUT_SECONDS} s…`);
    rss.resetPeak();
    const throughput = await measureThroughput(server, fleet, probe, positionCount);
    console.log(`  ${Math.round(throughput.messagesPerSecond)} msg/s, ${throughput.lost} lost`);

    console.log(`(b) Latency at ${LATENCY_RATE} msg/s for ${LATENCY_SECONDS} s…`);
    const before = await positionCount();
    probe.send({ type: 'record', on: true });
    fleet.send({ type: 'publish', ratePerSecond: LATENCY_RATE });
    await sleep(LATENCY_SECONDS * 1_000);
    fleet.send({ type: 'stop' });
    const { sent } = await fleet.next('stopped');
    await until(async () => (await positionCount()) - before >= sent, 30_000, 'the latency run to be stored');
    await sleep(500);
    probe.send({ type: 'record', on: false });
    probe.send({ type: 'report' });
    const { latency } = await probe.next('report');
    console.log(`  p50 ${latency.p50} ms, p99 ${latency.p99} ms`);
    const rssPeak = rss.peak();
    rss.stop();

    // Last, so the relay's burst of buffers does not inflate the server's RSS figures above.
    console.log('Broker relay…');
    probe.send({ type: 'relay-subscribe', broker: server.serverBroker, topic: RELAY_TOPIC });
    await probe.next('relay-ready');
    fleet.send({
      type: 'relay-publish',
      broker: server.serverBroker,
      topic: RELAY_TOPIC,
      seconds: RELAY_SECONDS,
    });
    await fleet.next('relay-published', 30_000);
    await sleep(1_000);
    probe.send({ type: 'relay-report' });
    const relay = await probe.next('relay-result');
    console.log(`  ${Math.round(relay.messagesPerSecond)} msg/s`);

    const pg = await rt.ctx.db.execute<{ version: string }>(sql`select version()`);
    const cpus = os.cpus();
    const result: BenchResult = {
      date: new Date().toISOString(),
      machine: {
        cpu: cpus[0]?.model.trim() ?? 'unknown',
        cores: cpus.length,
        memoryGb: Math.round(os.totalmem() / 1024 ** 3),
        os: `${os.type()} ${os.release()}`,
        node: process.versions.node,
        nodeOptions: [
          ...process.execArgv.filter((arg) => arg.startsWith('--max')),
          process.env.NODE_OPTIONS ?? '',
        ]
          .join(' ')
          .trim(),
        postgres: String(pg.rows[0]?.version ?? '').split(' on ')[0] ?? 'PostgreSQL',
      },
      broker,
      carts: CARTS,
      connect: { ms: connected.ms },
      relay: {
        messagesPerSecond: Math.round(relay.messagesPerSecond),
        received: relay.received,
        seconds: RELAY_SECONDS,
      },
      throughput,
      latency: { ...latency, ratePerSecond: LATENCY_RATE, sent, persisted: (await positionCount()) - before },
      memory: {
        rssBootedMb: Math.round(mb(rssBooted)),
        rssConnectedMb: Math.round(mb(rssConnected)),
        rssSteadyMb: Math.round(mb(rssSteady)),
        steadyRate: TARGET_RATE,
        rssPeakMb: Math.round(mb(rssPeak)),
      },
      durationSeconds: (performance.now() - started) / 1000,
    };
    const files = await writeResults(result, path.join(here, 'results'));
    console.log(`\n${toMarkdown(result)}\nWritten: ${files.join(', ')}`);
  } finally {
    rss.stop();
    await Promise.all([fleet.exit({ type: 'exit' }), probe.exit({ type: 'exit' })]);
    await server.stop();
  }
}

/**
 * Offers telemetry with an additive-increase/multiplicative-decrease controller: the rate grows while
 * the gateway keeps up (little in flight between fleet and gateway, a short write queue) and backs off
 * when it does not, so the figure is what the pipeline sustains, not what the fleet can send. The result is
 * every message sent divided by the time until the last one was stored.
 */
async function measureThroughput(
  server: BenchServer,
  fleet: Child<FleetCommand, FleetReport>,
  probe: Child<ProbeCommand, ProbeReport>,
  positionCount: () => Promise<number>,
): Promise<BenchResult['throughput']> {
  const { gateway } = server.rt;
  const startStats = gateway.stats();
  const startPositions = await positionCount();
  probe.send({ type: 'report' });
  const updatesBefore = (await probe.next('report')).updates;

  let rate = 5_000;
  let fleetSent = 0;
  const off = fleet.on((report) => {
    if (report.type === 'progress') fleetSent = report.sent;
  });
  const startedAt = performance.now();
  fleet.send({ type: 'publish', ratePerSecond: rate });
  interface Window {
    at: number;
    written: number;
    offered: number;
    inFlight: number;
    queued: number;
    slowestFlushMs: number;
  }
  const windows: Window[] = [
    {
      at: startedAt,
      written: startStats.writer.positionsWritten,
      offered: rate,
      inFlight: 0,
      queued: 0,
      slowestFlushMs: 0,
    },
  ];
  while (performance.now() - startedAt < THROUGHPUT_SECONDS * 1_000) {
    await sleep(500);
    const stats = gateway.stats();
    const inFlight = fleetSent - (stats.received - startStats.received);
    const queued = stats.writer.pendingPositions;
    windows.push({
      at: performance.now(),
      written: stats.writer.positionsWritten,
      offered: rate,
      inFlight,
      queued,
      slowestFlushMs: Math.round(stats.writer.slowestFlushMs),
    });
    if (inFlight > 6_000 || queued > 10_000) rate = Math.max(1_000, Math.round(rate * 0.85));
    else if (inFlight < 2_000 && queued < 4_000) rate += 1_000;
    fleet.send({ type: 'rate', ratePerSecond: rate });
  }
  fleet.send({ type: 'stop' });
  const { sent } = await fleet.next('stopped');
  off();
  const deadline = Date.now() + 60_000;
  let persisted = (await positionCount()) - startPositions;
  while (persisted < sent && Date.now() < deadline) {
    await sleep(20);
    persisted = (await positionCount()) - startPositions;
  }
  const seconds = (performance.now() - startedAt) / 1000;
  const end = gateway.stats();
  probe.send({ type: 'report' });
  const updatesAfter = (await probe.next('report')).updates;

  let peak = 0;
  for (let i = 2; i < windows.length; i++) {
    const a = windows[i - 2]!;
    const b = windows[i]!;
    peak = Math.max(peak, ((b.written - a.written) * 1000) / (b.at - a.at));
  }
  return {
    sent,
    persisted,
    lost: sent - persisted,
    seconds,
    messagesPerSecond: Math.round(persisted / seconds),
    peakMessagesPerSecond: Math.round(peak),
    // Every 0.5 s: what was offered, what the writer stored per second, and the backlog the controller saw.
    trajectory: windows.slice(1).map((w, i) => ({
      second: Number(((w.at - startedAt) / 1000).toFixed(1)),
      offered: w.offered,
      storedPerSecond: Math.round(((w.written - windows[i]!.written) * 1000) / (w.at - windows[i]!.at)),
      inFlight: w.inFlight,
      queued: w.queued,
      slowestFlushMs: w.slowestFlushMs,
    })),
    finalOfferedRate: rate,
    updatesPushed: updatesAfter - updatesBefore,
    invalid: end.invalid - startStats.invalid,
    droppedPositions: end.writer.droppedPositions - startStats.writer.droppedPositions,
    failedFlushes: end.writer.failedFlushes - startStats.writer.failedFlushes,
  };
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
