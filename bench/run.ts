/**
 * `npm run bench`: the device pipeline under a fleet's load, on loopback, in about five minutes.
 *
 *   (a) telemetry msg/s ingested, validated, persisted and pushed, from 2,000 carts on their own
 *       connections and credentials, offered as fast as the pipeline keeps up, every message counted in
 *       `positions` at the end;
 *   (b) device → browser latency p50/p99 at 2,000 msg/s, timed by a Socket.IO client in the site room;
 *   (c) server RSS with 2,000 carts connected, idle and at a steady 5,000 msg/s;
 *   (d) command round-trip: lock/unlock over HTTP → cart ack → socket `command:update`, one at a time and
 *       20 at a time, while every cart keeps reporting at 2,000 msg/s;
 * each beside the broker's raw relay rate (plain publisher → subscriber, QoS 0) measured in the same run;
 * then 10,000 carts (the 2,000 and 8,000 more from further fleet processes) each reporting every 5 s
 * (2,000 msg/s) for 20 s: cart → browser p50/p99 and RSS.
 * BENCH_CPU_PROFILE=<folder> writes the server's CPU profile of (a) and of each (d) series, BENCH_QUERY_COUNT=<folder>
 * each (d) series' queries by statement (bench/lib/cpu-profile.ts, query-count.ts); both change the times they sit beside.
 * BENCH_ONLY=commands connects the carts and runs (d) alone; BENCH_ONLY=fleet10k the 10,000-cart phase
 * alone; BENCH_FLEET10K=on|off forces that phase in or out (default: on with the embedded broker, off with
 * Mosquitto, where provisioning 8,000 more carts the first time takes several minutes).
 *
 * The server runs with `npm start`'s V8 flags (re-run under them if started without) and its RSS is recorded
 * per phase: the bench prints OVER BUDGET and exits non-zero when a phase exceeds 300 MB (1 GB for the
 * 10,000 carts). Memory is a budget like the guest bundle's; times are reported, never failed on.
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
import { REPO_ROOT } from '../scripts/build-server.mjs';
import { server } from './lib/server-bundle';
import { startCpuProfile } from './lib/cpu-profile';
import { cpuPer, cpuSince, processesCpuMs, readCpu } from './lib/cpu-time';
import { countQueries } from './lib/query-count';
import { bootBenchServer, type BenchServer, type ExternalBroker } from './lib/boot';
import { Child } from './lib/child';
import { watchServer, type ServerLoad } from './lib/server-watch';
import { ensureStartFlags, MemoryWatch, overBudget, RSS_BUDGET_10K_MB, type PhaseMemory } from './lib/memory';
import type {
  CartCredentials,
  CommandSample,
  CommandTarget,
  FleetCommand,
  FleetReport,
  ProbeCommand,
  ProbeReport,
} from './lib/protocol';
import { summarize, toMarkdown, writeResults, type BenchResult, type CommandRun } from './lib/report';

const { devices, positions } = server;
/** bench/, found from the repository's root: this file also runs as a bundle elsewhere (scripts/bench.mjs). */
const here = path.join(REPO_ROOT, 'bench');
const CARTS = Number(process.env.BENCH_CARTS ?? 2_000);
const THROUGHPUT_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LATENCY_RATE = 2_000;
const TARGET_RATE = 5_000;
const STEADY_SECONDS = 10;
const LATENCY_SECONDS = 10;
const RELAY_SECONDS = 5;
const RELAY_TOPIC = 'fairway/bench/relay';
/** Lock/unlock calls per series (one at a time, then each of COMMAND_BURSTS at a time), each to a different cart. */
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 400);
const COMMAND_BURSTS = [20, 100] as const;
const ONLY =
  process.env.BENCH_ONLY === 'commands' || process.env.BENCH_ONLY === 'fleet10k'
    ? process.env.BENCH_ONLY
    : null;
if (process.env.BENCH_ONLY && !ONLY) throw new Error('BENCH_ONLY knows two phases: commands, fleet10k');
/** The 10,000-cart phase: every cart reports every 5 s, from fleet processes of up to 2,000 carts each. */
const FLEET_10K = 10_000;
const FLEET_10K_RATE = 2_000;
const FLEET_10K_SECONDS = 20;
const RUN_FLEET_10K =
  ONLY === 'fleet10k' ||
  (ONLY === null &&
    (process.env.BENCH_FLEET10K ? process.env.BENCH_FLEET10K === 'on' : !process.env.BENCH_MQTT_URL));

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

async function main(): Promise<void> {
  if (!(await ensureStartFlags(REPO_ROOT, fileURLToPath(import.meta.url)))) return;
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
  const memory = new MemoryWatch(() => rt.broker?.worker ?? null);
  const positionCount = async () => (await rt.ctx.db.select({ n: count() }).from(positions))[0]!.n;

  try {
    memory.phase('booted');
    const rssBooted = process.memoryUsage.rss();
    console.log(`Connecting ${CARTS} carts…`);
    memory.phase('connect');
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
    if (!ONLY) loadPhases = await runLoadPhases(server, fleet, probe, memory, positionCount);

    let commands: BenchResult['commands'];
    if (ONLY !== 'fleet10k') {
      memory.phase('(d) commands');
      console.log(
        `(d) Command round-trip at ${LATENCY_RATE} msg/s: ${COMMANDS} calls one at a time, then ${COMMAND_BURSTS.map((burst) => `${COMMANDS} ${burst} at a time`).join(', then ')}…`,
      );
      commands = await measureCommands(server, fleet, probe);
      for (const run of commands?.runs ?? [])
        console.log(
          `  ${run.label}: HTTP p50 ${run.http.p50} ms, p90 ${run.http.p90} ms, p99 ${run.http.p99} ms; socket p50 ${run.socket.p50} ms, p90 ${run.socket.p90} ms, p99 ${run.socket.p99} ms; ${run.acknowledged}/${run.calls} acknowledged; ${run.wrongAnswers} wrong answers, ${run.staleUpdates} stale pushes, ${run.polled} answered by the poll`,
        );
    }

    // Last, so the relay's burst of buffers does not inflate the server's RSS figures above; also with
    // BENCH_ONLY=commands, so that every figure is written beside the relay of its own run.
    console.log('Broker relay…');
    memory.phase('relay');
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

    // After the relay (whose RSS figure it would otherwise carry): RSS never comes back down.
    const fleet10k = RUN_FLEET_10K ? await runFleet10k(server, fleet, probe, memory, positionCount) : null;
    const phases = memory.stop();

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
          // glibc's malloc settings `npm start` sets (package.json)
          ...Object.entries(process.env)
            .filter(([name]) => name.startsWith('MALLOC_'))
            .map(([name, value]) => `${name}=${value}`),
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
      relay: {
        messagesPerSecond: Math.round(relay.messagesPerSecond),
        received: relay.received,
        seconds: RELAY_SECONDS,
      },
      ...(loadPhases
        ? {
            throughput: loadPhases.throughput,
            steadyCpuPerThousand: loadPhases.steadyCpuPerThousand,
            latency: loadPhases.latency,
          }
        : {}),
      memory: {
        rssBootedMb: Math.round(mb(rssBooted)),
        rssConnectedMb: Math.round(mb(rssConnected)),
        ...(loadPhases
          ? {
              rssSteadyMb: phaseRss(phases, 'steady'),
              steadyRate: TARGET_RATE,
              rssPeakMb: phaseRss(phases, '(a) throughput'),
            }
          : {}),
        phases,
      },
      ...(commands ? { commands } : {}),
      ...(fleet10k ? { fleet10k } : {}),
      durationSeconds: (performance.now() - started) / 1000,
    };
    const files = await writeResults(result, path.join(here, 'results'));
    console.log(`\n${toMarkdown(result)}\nWritten: ${files.join(', ')}`);
    const over = overBudget(phases);
    for (const line of over) console.error(line);
    if (over.length > 0) process.exitCode = 1;
  } finally {
    memory.stop();
    await Promise.all([fleet.exit({ type: 'exit' }), probe.exit({ type: 'exit' })]);
    await server.stop();
  }
}

/** Steady 5,000 msg/s (highest RSS), then (a) throughput and (b) latency at 2,000 msg/s. */
async function runLoadPhases(
  server: BenchServer,
  fleet: Child<FleetCommand, FleetReport>,
  probe: Child<ProbeCommand, ProbeReport>,
  memory: MemoryWatch,
  positionCount: () => Promise<number>,
) {
  // Before (a): the RSS a process reached never comes back down, so the moderate load goes first.
  console.log(`Steady ${TARGET_RATE} msg/s for ${STEADY_SECONDS} s…`);
  memory.phase('steady');
  const steadyBefore = await positionCount();
  // At a fixed offered rate the CPU a message costs compares across versions better than (a)'s, whose rate and
  // batch sizes move from run to run.
  const steadyCpuBefore = readCpu(server.rt.ctx.config.dataDir);
  fleet.send({ type: 'publish', ratePerSecond: TARGET_RATE });
  await sleep(STEADY_SECONDS * 1_000);
  fleet.send({ type: 'stop' });
  const steadySent = (await fleet.next('stopped')).sent;
  await until(
    async () => (await positionCount()) - steadyBefore >= steadySent,
    30_000,
    'the steady run to be stored',
  );
  const steadyCpu = cpuPer(
    cpuSince(steadyCpuBefore, readCpu(server.rt.ctx.config.dataDir)),
    steadySent,
    1_000,
  );
  console.log(`  highest RSS ${memory.currentRssMb()} MB`);

  console.log(`(a) Throughput for ${THROUGHPUT_SECONDS} s…`);
  memory.phase('(a) throughput');
  const throughputProfile = await startCpuProfile('throughput');
  const throughput = await measureThroughput(server, fleet, probe, positionCount);
  await throughputProfile.stop();
  console.log(
    `  ${Math.round(throughput.messagesPerSecond)} msg/s, ${throughput.lost} lost; highest RSS ${memory.currentRssMb()} MB`,
  );

  console.log(`(b) Latency at ${LATENCY_RATE} msg/s for ${LATENCY_SECONDS} s…`);
  memory.phase('(b) latency');
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
  console.log(`  p50 ${latency.p50} ms, p99 ${latency.p99} ms; highest RSS ${memory.currentRssMb()} MB`);
  return {
    throughput,
    steadyCpuPerThousand: steadyCpu,
    latency: { ...latency, ratePerSecond: LATENCY_RATE, sent, persisted: (await positionCount()) - before },
  };
}

const phaseRss = (phases: PhaseMemory[], name: string) => phases.find((p) => p.phase === name)?.rssMb;

/**
 * 10,000 carts: the 2,000 of the main fleet stay connected and 8,000 more are inserted (in batches) and
 * connected from further fleet processes of up to 2,000 carts each (one process's event loop is the limit,
 * not the server), in waves of 200 per process. Then every cart reports every 5 s (2,000 msg/s in all, each
 * process a share by its carts) for FLEET_10K_SECONDS while the probe times cart → browser; every report
 * must be stored. RSS is watched from the first insert to the last report stored.
 */
async function runFleet10k(
  server: BenchServer,
  fleet: Child<FleetCommand, FleetReport>,
  probe: Child<ProbeCommand, ProbeReport>,
  memory: MemoryWatch,
  positionCount: () => Promise<number>,
): Promise<NonNullable<BenchResult['fleet10k']>> {
  const { rt } = server;
  const extraCount = FLEET_10K - server.carts.length;
  console.log(
    `10,000 carts: ${extraCount} more connecting, then ${FLEET_10K_RATE} msg/s for ${FLEET_10K_SECONDS} s…`,
  );
  memory.phase('10,000 carts', RSS_BUDGET_10K_MB);
  const insertStarted = performance.now();
  const extra = await server.addCarts(extraCount);
  const insertMs = Math.round(performance.now() - insertStarted);
  const groups: CartCredentials[][] = [];
  for (let i = 0; i < extra.length; i += 2_000) groups.push(extra.slice(i, i + 2_000));
  const extraFleets = groups.map(
    () => new Child<FleetCommand, FleetReport>(path.join(here, 'load/cart-fleet.ts')),
  );
  try {
    const connectStarted = performance.now();
    const url = external?.url ?? rt.mqttUrl;
    await Promise.all(
      extraFleets.map(async (child, i) => {
        child.send({ type: 'connect', url, carts: groups[i]! });
        await child.next('connected', 300_000);
      }),
    );
    await until(
      async () =>
        (await rt.ctx.db.select({ n: count() }).from(devices).where(eq(devices.online, true)))[0]!.n ===
        FLEET_10K,
      60_000,
      'all 10,000 carts online in the database',
    );
    const connectMs = Math.round(performance.now() - connectStarted);
    const rssConnected = memory.currentRssMb();
    console.log(
      `  inserted in ${insertMs} ms, connected in ${connectMs} ms; highest RSS so far ${rssConnected} MB`,
    );

    const all = [
      { child: fleet, carts: server.carts.length },
      ...extraFleets.map((child, i) => ({ child, carts: groups[i]!.length })),
    ];
    const before = await positionCount();
    probe.send({ type: 'record', on: true });
    for (const { child, carts } of all)
      child.send({ type: 'publish', ratePerSecond: Math.round((FLEET_10K_RATE * carts) / FLEET_10K) });
    await sleep(FLEET_10K_SECONDS * 1_000);
    for (const { child } of all) child.send({ type: 'stop' });
    const sent = (await Promise.all(all.map(({ child }) => child.next('stopped')))).reduce(
      (sum, report) => sum + report.sent,
      0,
    );
    await until(
      async () => (await positionCount()) - before >= sent,
      60_000,
      'the 10,000-cart run to be stored',
    );
    await sleep(500);
    probe.send({ type: 'record', on: false });
    probe.send({ type: 'report' });
    const { latency } = await probe.next('report');
    const persisted = (await positionCount()) - before;
    console.log(
      `  p50 ${latency.p50} ms, p99 ${latency.p99} ms; ${persisted} of ${sent} stored; highest RSS ${memory.currentRssMb()} MB`,
    );
    return {
      carts: FLEET_10K,
      fleetProcesses: all.length,
      insertMs,
      connectMs,
      rssConnectedMb: rssConnected,
      seconds: FLEET_10K_SECONDS,
      latency: { ...latency, ratePerSecond: FLEET_10K_RATE, sent, persisted },
    };
  } finally {
    await Promise.all(extraFleets.map((child) => child.exit({ type: 'exit' })));
    // The carts that went away uncleanly send their last wills: those are handled before the run goes on
    // (and before the server stops, whose pool would be gone under up to 8,000 offline updates). Done when
    // the online count stops changing for 2 s (a clean disconnect sends no will) or is back to the main fleet.
    let last = -1;
    let stableSince = performance.now();
    await until(
      async () => {
        const online = (
          await rt.ctx.db.select({ n: count() }).from(devices).where(eq(devices.online, true))
        )[0]!.n;
        if (online !== last) [last, stableSince] = [online, performance.now()];
        return online <= server.carts.length || performance.now() - stableSince > 2_000;
      },
      60_000,
      'the offline updates of the 8,000 more carts',
    ).catch((error: unknown) => console.warn(String(error)));
  }
}

/** The clock the probe and the fleet use too (epoch ms, sub-millisecond), so their times line up. */
const clock = () => performance.timeOrigin + performance.now();

/**
 * (d) While every cart reports at the latency phase's rate, the probe locks or unlocks carts over HTTP:
 * COMMANDS calls one at a time, then COMMANDS more per COMMAND_BURSTS size, each to a different cart whose
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

  const seriesCount = 1 + COMMAND_BURSTS.length;
  const calls = Math.min(COMMANDS, Math.floor(CARTS / seriesCount));
  // Spread over the fleet; each cart gets one call, so a report it sent before its command cannot make it
  // look already in the asked state.
  const step = Math.max(1, Math.floor(CARTS / (seriesCount * calls)));
  // Even and odd carts alternate, so about half are locked (the fleet starts odd carts locked).
  const ids = Array.from(
    { length: seriesCount * calls },
    (_, i) => server.carts[step > 1 ? i * step + (i % 2) : i]!.deviceId,
  );
  fleet.send({ type: 'publish', ratePerSecond: LATENCY_RATE });
  await sleep(1_000);
  // What the telemetry alone costs the server, for comparison with the series below.
  const baseline = await watchServer(rt.ctx.database.pool, rt.ctx.config.dataDir);
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
    polled: number;
  }> = [];
  try {
    for (const [i, concurrency] of [1, ...COMMAND_BURSTS].entries()) {
      const label = concurrency === 1 ? 'one at a time' : `${concurrency} at a time`;
      const slice = targets.slice(i * calls, (i + 1) * calls);
      const watch = await watchServer(rt.ctx.database.pool, rt.ctx.config.dataDir);
      const waitsBefore = rt.ctx.commands.waitStats();
      const profile = await startCpuProfile(`commands-${concurrency}`);
      const queries = countQueries(`commands-${concurrency}`);
      probe.send({ type: 'commands', label, targets: slice, concurrency });
      const { samples, seconds } = await probe.next('commands-result', 600_000);
      await Promise.all([profile.stop(), queries.stop()]);
      const polled = rt.ctx.commands.waitStats().byPoll - waitsBefore.byPoll;
      series.push({ label, concurrency, samples, seconds, server: await watch.stop(), polled });
    }
  } finally {
    fleet.send({ type: 'stop' });
    await fleet.next('stopped');
    rt.ctx.bus.off('command.updated', onCommand);
    rt.deviceMessages.attach({ commandAck: (deviceId, ack) => rt.ctx.commands.acknowledged(deviceId, ack) });
  }
  fleet.send({ type: 'command-receipts' });
  const receipts = new Map((await fleet.next('command-receipts')).receipts.map((r) => [r.id, r]));
  const runs: CommandRun[] = series.map(({ label, concurrency, samples, seconds, server: load, polled }) => ({
    label,
    concurrency,
    ...summarizeRun(samples, seconds),
    polled,
    server: load,
  }));

  function summarizeRun(
    samples: CommandSample[],
    seconds: number,
  ): Omit<CommandRun, 'label' | 'concurrency' | 'server' | 'polled'> {
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
      // 200 'acknowledged' whose cart is not in the asked state: the bench's cart always is, once it acked.
      wrongAnswers: samples.filter((s) => s.status === 200 && s.state === 'acknowledged' && !s.deviceMatches)
        .length,
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
  const cpuBefore = readCpu(server.rt.ctx.config.dataDir);
  const loadCpuBefore = processesCpuMs([fleet.pid, probe.pid]);
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
  const cpu = cpuSince(cpuBefore, readCpu(server.rt.ctx.config.dataDir));
  const loadCpu = processesCpuMs([fleet.pid, probe.pid]) - loadCpuBefore;
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
    cpuPerThousand: cpuPer(cpu, persisted, 1_000),
    loadCpuPerThousand: Math.round((loadCpu * 1_000 * 10) / Math.max(1, persisted)) / 10,
    cores: os.cpus().length,
    // Every 0.5 s: what was offered, what the writer stored per second, and the backlog the controller saw,
    // with the slowest flush of the last second (SLOWEST_FLUSH_WINDOW_MS).
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
  // Non-zero when a phase went over its memory budget (set in main).
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
