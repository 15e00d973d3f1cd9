/**
 * `npm run bench`: the device pipeline under a fleet's load, on loopback, in under three minutes.
 *
 *   (a) telemetry msg/s ingested, validated, persisted and pushed, from 2,000 carts on their own
 *       connections and credentials, offered as fast as the pipeline keeps up, every message counted in
 *       `positions` at the end;
 *   (b) device → browser latency p50/p99 at 2,000 msg/s, timed by a Socket.IO client in the site room;
 *   (c) server RSS with 2,000 carts connected, idle and at a steady 5,000 msg/s;
 *   (d) command round-trip: lock/unlock over HTTP → cart ack → socket `command:update`, one at a time and
 *       20 at a time, while every cart keeps reporting at 2,000 msg/s;
 * each beside the broker's raw relay rate (plain publisher → subscriber, QoS 0) measured in the same run.
 * BENCH_ONLY=commands connects the carts and runs (d) alone.
 *
 * The server (HTTP, Socket.IO, gateway, Aedes) runs in this process; PostgreSQL is the embedded server in a
 * temporary DATA_DIR; carts and browser run in two child processes. BENCH_MQTT_URL (+ BENCH_MQTT_USERNAME,
 * BENCH_MQTT_PASSWORD) runs the same against an external Mosquitto with dynamic security instead of Aedes.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { CommandRow } from '../apps/server/src/db/tables/commands';
import { devices, positions } from '../apps/server/src/db/tables/devices';
import { bootBenchServer, type BenchServer, type ExternalBroker } from './lib/boot';
import { Child } from './lib/child';
import { watchServer, type ServerLoad } from './lib/server-watch';
import type {
  CommandSample,
  CommandTarget,
  FleetCommand,
  FleetReport,
  ProbeCommand,
  ProbeReport,
} from './lib/protocol';
import { summarize, toMarkdown, writeResults, type BenchResult, type CommandRun } from './lib/report';

const here = path.dirname(fileURLToPath(import.meta.url));
const CARTS = Number(process.env.BENCH_CARTS ?? 2_000);
const THROUGHPUT_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LATENCY_RATE = 2_000;
const TARGET_RATE = 5_000;
const STEADY_SECONDS = 10;
const LATENCY_SECONDS = 10;
const RELAY_SECONDS = 5;
const RELAY_TOPIC = 'fairway/bench/relay';
/** Lock/unlock calls per series (one at a time, then COMMAND_BURST at a time), each to a different cart. */
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 400);
const COMMAND_BURST = 20;
const ONLY = process.env.BENCH_ONLY === 'commands' ? 'commands' : null;
if (process.env.BENCH_ONLY && !ONLY) throw new Error('BENCH_ONLY knows one phase: commands');

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
  const loadAverage = os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');
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

    let loadPhases: Awaited<ReturnType<typeof runLoadPhases>> | null = null;
    if (!ONLY) loadPhases = await runLoadPhases(server, fleet, probe, rss, positionCount);
    rss.stop();

    console.log(
      `(d) Command round-trip at ${LATENCY_RATE} msg/s: ${COMMANDS} calls one at a time, ${COMMANDS} ${COMMAND_BURST} at a time…`,
    );
    const commands = await measureCommands(server, fleet, probe);
    for (const run of commands.runs)
      console.log(
        `  ${run.label}: HTTP p50 ${run.http.p50} ms, p99 ${run.http.p99} ms; socket p50 ${run.socket.p50} ms, p99 ${run.socket.p99} ms; ${run.acknowledged}/${run.calls} acknowledged`,
      );

    // Last, so the relay's burst of buffers does not inflate the server's RSS figures above.
    let relay: ProbeReport & { type: 'relay-result' } = {
      type: 'relay-result',
      received: 0,
      messagesPerSecond: 0,
    };
    if (!ONLY) {
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
      relay = await probe.next('relay-result');
      console.log(`  ${Math.round(relay.messagesPerSecond)} msg/s`);
    }

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
        loadAverage,
      },
      broker,
      carts: CARTS,
      only: ONLY,
      connect: { ms: connected.ms },
      ...(loadPhases
        ? {
            relay: {
              messagesPerSecond: Math.round(relay.messagesPerSecond),
              received: relay.received,
              seconds: RELAY_SECONDS,
            },
            throughput: loadPhases.throughput,
            latency: loadPhases.latency,
          }
        : {}),
      memory: {
        rssBootedMb: Math.round(mb(rssBooted)),
        rssConnectedMb: Math.round(mb(rssConnected)),
        ...(loadPhases
          ? {
              rssSteadyMb: Math.round(mb(loadPhases.rssSteady)),
              steadyRate: TARGET_RATE,
              rssPeakMb: Math.round(mb(loadPhases.rssPeak)),
            }
          : {}),
      },
      commands,
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

/** Steady 5,000 msg/s (highest RSS), then (a) throughput and (b) latency at 2,000 msg/s. */
async function runLoadPhases(
  server: BenchServer,
  fleet: Child<FleetCommand, FleetReport>,
  probe: Child<ProbeCommand, ProbeReport>,
  rss: ReturnType<typeof sampleRss>,
  positionCount: () => Promise<number>,
) {
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
  return {
    rssSteady,
    rssPeak: rss.peak(),
    throughput,
    latency: { ...latency, ratePerSecond: LATENCY_RATE, sent, persisted: (await positionCount()) - before },
  };
}

/** The clock the probe and the fleet use too (epoch ms, sub-millisecond), so their times line up. */
const clock = () => performance.timeOrigin + performance.now();

/**
 * (d) While every cart reports at the latency phase's rate, the probe locks or unlocks carts over HTTP:
 * COMMANDS calls one at a time, then COMMANDS more COMMAND_BURST at a time, each to a different cart whose
 * state differs from the one asked. The server process notes when each command was stored, when its ack
 * reached the gateway and when its final state was announced; the fleet notes when each cart received its
 * command; with the probe's request, socket event and answer times that splits every round-trip in stages.
 */
async function measureCommands(
  server: BenchServer,
  fleet: Child<FleetCommand, FleetReport>,
  probe: Child<ProbeCommand, ProbeReport>,
): Promise<BenchResult['commands']> {
  const { rt } = server;
  fleet.send({ type: 'obey-commands' });
  const { ms: subscribeMs } = await fleet.next('obeying', 120_000);

  const stored = new Map<string, number>();
  const ended = new Map<string, number>();
  const ackAtGateway = new Map<string, number>();
  const onCommand = (command: CommandRow) => {
    const now = clock();
    if (command.state === 'queued') stored.set(command.id, now);
    else if (command.finishedAt) ended.set(command.id, now);
  };
  rt.ctx.bus.on('command.updated', onCommand);
  // The runtime's own ack handler, with the time the ack reached the gateway noted first.
  rt.deviceMessages.attach({
    commandAck: (deviceId, ack) => {
      ackAtGateway.set(ack.id, clock());
      return rt.ctx.commands.acknowledged(deviceId, ack);
    },
  });

  const calls = Math.min(COMMANDS, Math.floor(CARTS / 2));
  // Spread over the fleet; each cart gets one call, so a report it sent before its command cannot make it
  // look already in the asked state.
  const step = Math.max(1, Math.floor(CARTS / (2 * calls)));
  // Even and odd carts alternate, so about half are locked (the fleet starts odd carts locked).
  const ids = Array.from(
    { length: 2 * calls },
    (_, i) => server.carts[step > 1 ? i * step + (i % 2) : i]!.deviceId,
  );
  fleet.send({ type: 'publish', ratePerSecond: LATENCY_RATE });
  await sleep(1_000);
  // What the telemetry alone costs the server, for comparison with the series below.
  const baseline = await watchServer(rt.ctx.database.pool);
  await sleep(3_000);
  const withoutCommands = await baseline.stop();
  const states = new Map(
    (
      await rt.ctx.db
        .select({ id: devices.id, lockStatus: devices.lockStatus })
        .from(devices)
        .where(inArray(devices.id, ids))
    ).map((row) => [row.id, row.lockStatus]),
  );
  const targets: CommandTarget[] = ids.map((deviceId) => ({
    deviceId,
    action: states.get(deviceId) === 1 ? 'unlock' : 'lock',
  }));

  const series: Array<{
    label: string;
    concurrency: number;
    samples: CommandSample[];
    seconds: number;
    server: ServerLoad;
  }> = [];
  try {
    for (const [label, concurrency, slice] of [
      ['one at a time', 1, targets.slice(0, calls)],
      [`${COMMAND_BURST} at a time`, COMMAND_BURST, targets.slice(calls)],
    ] as const) {
      const watch = await watchServer(rt.ctx.database.pool);
      probe.send({ type: 'commands', label, targets: [...slice], concurrency });
      const { samples, seconds } = await probe.next('commands-result', 600_000);
      series.push({ label, concurrency, samples, seconds, server: await watch.stop() });
    }
  } finally {
    fleet.send({ type: 'stop' });
    await fleet.next('stopped');
    rt.ctx.bus.off('command.updated', onCommand);
    rt.deviceMessages.attach({ commandAck: (deviceId, ack) => rt.ctx.commands.acknowledged(deviceId, ack) });
  }
  fleet.send({ type: 'command-receipts' });
  const receipts = new Map((await fleet.next('command-receipts')).receipts.map((r) => [r.id, r]));
  const runs: CommandRun[] = series.map(({ label, concurrency, samples, seconds, server: load }) => ({
    label,
    concurrency,
    ...summarizeRun(samples, seconds),
    server: load,
  }));

  function summarizeRun(
    samples: CommandSample[],
    seconds: number,
  ): Omit<CommandRun, 'label' | 'concurrency' | 'server'> {
    const good = samples.filter(
      (s) =>
        s.status === 200 && s.state === 'acknowledged' && s.deviceMatches && s.finalState === 'acknowledged',
    );
    const failures: Record<string, number> = {};
    for (const s of samples) {
      if (good.includes(s)) continue;
      const key =
        s.status !== 200 || s.state !== 'acknowledged'
          ? `${s.status}${s.state ? ` ${s.state}` : ''}`
          : !s.deviceMatches
            ? '200 acknowledged, cart not in the asked state'
            : s.finalState
              ? `200 acknowledged, socket said ${s.finalState}`
              : '200 acknowledged, no socket event';
      failures[key] = (failures[key] ?? 0) + 1;
    }
    // Each acknowledged call's stages (undefined where a time is missing), in ms.
    const round = (v: number) => Math.round(v * 10) / 10;
    const timelines = good.map((s) => {
      const id = s.commandId ?? '';
      const points = [
        s.startedAt,
        stored.get(id),
        receipts.get(id)?.receivedAt,
        ackAtGateway.get(id),
        ended.get(id),
        s.finalAt!,
        s.answeredAt,
      ];
      const gap = (i: number) => {
        const [from, to] = [points[i], points[i + 1]];
        return from === undefined || to === undefined ? undefined : round(to - from);
      };
      return {
        deviceId: s.deviceId,
        commandId: id,
        action: s.action,
        http: round(s.answeredAt - s.startedAt),
        socket: round(s.finalAt! - s.startedAt),
        toStored: gap(0),
        storedToCart: gap(1),
        cartToGateway: gap(2),
        ackStored: gap(3),
        toSocket: gap(4),
        socketToHttp: gap(5),
      };
    });
    type Timeline = (typeof timelines)[number];
    const stage = (key: keyof CommandRun['stages']) =>
      summarize(timelines.flatMap((t: Timeline) => (t[key] === undefined ? [] : [t[key]])));
    return {
      calls: samples.length,
      acknowledged: good.length,
      failures,
      seconds,
      http: summarize(timelines.map((t) => t.http)),
      socket: summarize(timelines.map((t) => t.socket)),
      stages: {
        toStored: stage('toStored'),
        storedToCart: stage('storedToCart'),
        cartToGateway: stage('cartToGateway'),
        ackStored: stage('ackStored'),
        toSocket: stage('toSocket'),
        socketToHttp: stage('socketToHttp'),
      },
      slowest: [...timelines].sort((x, y) => y.http - x.http).slice(0, 10),
      lateAnswers: good.filter((s) => s.answeredAt - s.finalAt! >= 200).length,
      staleUpdates: samples.reduce((sum, s) => sum + s.staleUpdates, 0),
    };
  }

  return { ratePerSecond: LATENCY_RATE, subscribeMs, withoutCommands, runs };
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
): Promise<NonNullable<BenchResult['throughput']>> {
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
