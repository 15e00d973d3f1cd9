import fs from 'node:fs/promises';
import path from 'node:path';
import { RSS_BUDGET_10K_MB, RSS_BUDGET_MB, type PhaseMemory } from './memory';
import { cpuPer, cpuTotal, type CpuSplit } from './cpu-time';
import type { LatencySummary } from './protocol';
import type { ServerLoad } from './server-watch';

export interface BenchResult {
  date: string;
  machine: {
    cpu: string;
    cores: number;
    memoryGb: number;
    os: string;
    node: string;
    /** V8 heap flags the server process ran with (NODE_OPTIONS); they decide most of its RSS. */
    nodeOptions: string;
    postgres: string;
    /** 1, 5 and 15 minute load averages when the run started: other work on the machine skews every figure. */
    loadAverage: string;
  };
  broker: string;
  carts: number;
  /** Phases run: all, or only the command round-trip (`BENCH_ONLY=commands`); the others are then absent. */
  only: 'commands' | 'fleet10k' | null;
  connect: { ms: number };
  relay?: { messagesPerSecond: number; received: number; seconds: number };
  throughput?: {
    sent: number;
    persisted: number;
    lost: number;
    seconds: number;
    messagesPerSecond: number;
    peakMessagesPerSecond: number;
    /** CPU (ms) per 1,000 messages stored, by thread and process: the figure to compare versions by. */
    cpuPerThousand: CpuSplit;
    /** The same for the bench's own load processes (the carts and the browser), which share the machine. */
    loadCpuPerThousand: number;
    /** Cores of the machine: at `messagesPerSecond`, server and load together used this many at most. */
    cores: number;
    finalOfferedRate: number;
    updatesPushed: number;
    invalid: number;
    droppedPositions: number;
    failedFlushes: number;
    trajectory: Array<{
      second: number;
      offered: number;
      storedPerSecond: number;
      inFlight: number;
      queued: number;
      slowestFlushMs: number;
    }>;
  };
  /** CPU (ms) per 1,000 messages at the steady phase's fixed rate (`memory.steadyRate`), by thread and process. */
  steadyCpuPerThousand?: CpuSplit;
  latency?: LatencySummary & {
    ratePerSecond: number;
    sent: number;
    persisted: number;
    /** Split at the gateway's receive time: broker hop (and the load process's own delays) vs server + socket. */
    cartToGateway: LatencySummary;
    gatewayToBrowser: LatencySummary;
  };
  /**
   * Server process RSS: booted without carts; every cart connected and idle; highest during a steady
   * `steadyRate` msg/s; highest during (a).
   */
  memory: {
    rssBootedMb: number;
    rssConnectedMb: number;
    rssSteadyMb?: number;
    steadyRate?: number;
    rssPeakMb?: number;
    /** Highest RSS of every phase, in run order, with the heap breakdown at that moment (lib/memory.ts). */
    phases: PhaseMemory[];
  };
  /** 10,000 carts connected (the 2,000 and 8,000 more), each reporting every 5 s for `seconds`. */
  fleet10k?: {
    carts: number;
    fleetProcesses: number;
    /** Inserting the 8,000 more into `devices` (batches of 2,000), and connecting them until all are online. */
    insertMs: number;
    connectMs: number;
    rssConnectedMb: number;
    seconds: number;
    latency: LatencySummary & {
      ratePerSecond: number;
      sent: number;
      persisted: number;
      cartToGateway: LatencySummary;
      gatewayToBrowser: LatencySummary;
    };
  };
  /** (d) Lock/unlock round-trips over HTTP while every cart reports at `ratePerSecond` (absent with BENCH_ONLY=fleet10k). */
  commands?: {
    ratePerSecond: number;
    /** Time for every cart to subscribe to its command topic. */
    subscribeMs: number;
    /** The server and PostgreSQL during 3 s of the telemetry alone, just before the calls. */
    withoutCommands: ServerLoad;
    runs: CommandRun[];
  };
  durationSeconds: number;
}

/** One series of lock/unlock calls, `concurrency` at a time, each to a different cart. */
export interface CommandRun {
  label: string;
  concurrency: number;
  calls: number;
  /** HTTP 200 with the command acknowledged, the cart in the asked state, and the socket event seen. */
  acknowledged: number;
  /** The others, by HTTP status and state (e.g. "409", "200 failed", "200 acknowledged, no socket event"). */
  failures: Record<string, number>;
  seconds: number;
  /** API call → HTTP answer with state 'acknowledged'. */
  http: LatencySummary;
  /** API call → socket `command:update` with state 'acknowledged'. */
  socket: LatencySummary;
  /**
   * The same path in consecutive stages, on a clock shared by the three processes (probe, server, fleet):
   * request → command stored (`queued` announced in the server); → cart received it; → its ack reached the
   * gateway; → ack stored (final state announced); → socket event at the probe; socket event → HTTP answer.
   */
  stages: {
    toStored: LatencySummary;
    storedToCart: LatencySummary;
    cartToGateway: LatencySummary;
    ackStored: LatencySummary;
    toSocket: LatencySummary;
    socketToHttp: LatencySummary;
  };
  /** The ten slowest calls (by HTTP answer), stage by stage, in ms; in the JSON only. */
  slowest: Array<
    { deviceId: string; commandId: string; action: string; http: number; socket: number } & Partial<
      Record<keyof CommandRun['stages'], number>
    >
  >;
  /** Answers that came ≥ 200 ms after the socket event: the waiter missed the ack and woke on its DB poll. */
  lateAnswers: number;
  /** Waits the server's commands service ended from its database poll rather than the local event. */
  polled: number;
  /** HTTP 200 'acknowledged' whose cart is not in the asked state (the cart is, once it acknowledged). */
  wrongAnswers: number;
  /** The server process and PostgreSQL while the series ran (the stall the latencies come from). */
  server: ServerLoad;
  /** `device:updates` pushes showing the old lock state after the acknowledgement (a report sent before it). */
  staleUpdates: number;
}

export const TARGETS = {
  messagesPerSecond: 5_000,
  p99Ms: 100,
  /** Issue 22: in every phase, with `npm start`'s flags (1 GB with 10,000 carts). */
  rssMb: RSS_BUDGET_MB,
  rss10kMb: RSS_BUDGET_10K_MB,
  commandP99Ms: 100,
  /** Issue 22: 20 calls at a time (no target for larger bursts). */
  commandBurstP99Ms: 150,
};

/** The p99 target of a command series, by its concurrency (none above 20 at a time). */
const commandTarget = (concurrency: number): number | null =>
  concurrency === 1 ? TARGETS.commandP99Ms : concurrency <= 20 ? TARGETS.commandBurstP99Ms : null;

export function summarize(values: number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const r = (v: number) => Math.round(v * 10) / 10;
  return {
    samples: sorted.length,
    p50: r(at(0.5)),
    p90: r(at(0.9)),
    p99: r(at(0.99)),
    max: r(sorted.at(-1) ?? 0),
  };
}

const n = (value: number) => Math.round(value).toLocaleString('en-US');
const pass = (ok: boolean) => (ok ? 'met' : '**missed**');

const ms = (value: number) => (value < 10 ? value.toFixed(1) : n(value));
const spread = (l: LatencySummary) =>
  `p50 ${ms(l.p50)}, p90 ${ms(l.p90)}, p99 ${ms(l.p99)}, max ${ms(l.max)} ms`;

export function toMarkdown(r: BenchResult): string {
  const t = r.throughput;
  const l = r.latency;
  const m = r.memory;
  const rows: string[] = [];
  if (t && r.relay)
    rows.push(
      `| (a) telemetry ingested, validated, persisted, pushed | **${n(t.messagesPerSecond)} msg/s** sustained over ${t.seconds.toFixed(1)} s (peak 1 s window ${n(t.peakMessagesPerSecond)}); ${n(t.persisted)} of ${n(t.sent)} stored, ${n(t.lost)} lost | ≥ ${n(TARGETS.messagesPerSecond)} msg/s, none lost: ${pass(t.messagesPerSecond >= TARGETS.messagesPerSecond && t.lost === 0)} | ${n(r.relay.messagesPerSecond)} msg/s |`,
    );
  if (t?.cpuPerThousand)
    rows.push(
      `| … CPU per 1,000 messages stored | ${cpuLine(t.cpuPerThousand)}; the bench's carts and browser ${ms(t.loadCpuPerThousand)} ms more (${((((cpuTotal(t.cpuPerThousand) + t.loadCpuPerThousand) * t.messagesPerSecond) / 1e6 / t.cores) * 100).toFixed(0)} % of the ${t.cores} cores at ${n(t.messagesPerSecond)} msg/s) | | |`,
    );
  if (l)
    rows.push(
      `| (b) device → browser latency at ${n(l.ratePerSecond)} msg/s | p50 **${n(l.p50)} ms**, p90 ${n(l.p90)} ms, p99 **${n(l.p99)} ms**, max ${n(l.max)} ms (${n(l.samples)} samples) | p99 < ${TARGETS.p99Ms} ms: ${pass(l.p99 < TARGETS.p99Ms)} | |`,
      `| … of which cart → gateway (broker) | p50 ${n(l.cartToGateway.p50)} ms, p99 ${n(l.cartToGateway.p99)} ms | | |`,
      `| … of which gateway → browser (batch, PostgreSQL, Socket.IO) | p50 ${n(l.gatewayToBrowser.p50)} ms, p99 ${n(l.gatewayToBrowser.p99)} ms | | |`,
    );
  rows.push(
    `| (c) server RSS with ${n(r.carts)} carts connected | **${n(m.rssConnectedMb)} MB** (${n(m.rssBootedMb)} MB before any cart connected) | ≤ ${TARGETS.rssMb} MB: ${pass(m.rssConnectedMb <= TARGETS.rssMb)} | |`,
  );
  if (m.rssSteadyMb !== undefined && m.steadyRate !== undefined)
    rows.push(
      `| … highest RSS at a steady ${n(m.steadyRate)} msg/s (10 s) | ${n(m.rssSteadyMb)} MB | ≤ ${TARGETS.rssMb} MB: ${pass(m.rssSteadyMb <= TARGETS.rssMb)} | |`,
    );
  if (r.steadyCpuPerThousand && m.steadyRate !== undefined)
    rows.push(
      `| … CPU per 1,000 messages at a steady ${n(m.steadyRate)} msg/s | ${cpuLine(r.steadyCpuPerThousand)} | | |`,
    );
  if (m.rssPeakMb !== undefined)
    rows.push(
      `| … highest RSS during (a) | ${n(m.rssPeakMb)} MB | ≤ ${TARGETS.rssMb} MB: ${pass(m.rssPeakMb <= TARGETS.rssMb)} | |`,
    );
  const k = r.fleet10k;
  if (k)
    rows.push(
      `| 10,000 carts, each reporting every 5 s (${n(k.latency.ratePerSecond)} msg/s, ${k.seconds} s): device → browser latency | p50 **${n(k.latency.p50)} ms**, p90 ${n(k.latency.p90)} ms, p99 **${n(k.latency.p99)} ms**, max ${n(k.latency.max)} ms (${n(k.latency.samples)} samples; ${n(k.latency.persisted)} of ${n(k.latency.sent)} stored) | p99 < ${TARGETS.p99Ms} ms: ${pass(k.latency.p99 < TARGETS.p99Ms)} | |`,
      `| … of which cart → gateway / gateway → browser | p99 ${n(k.latency.cartToGateway.p99)} / ${n(k.latency.gatewayToBrowser.p99)} ms | | |`,
    );
  const c = r.commands;
  const runs = c?.runs ?? [];
  for (const run of runs) {
    const what = run.concurrency === 1 ? 'one at a time' : `${run.concurrency} at a time`;
    const target = commandTarget(run.concurrency);
    const right = run.acknowledged === run.calls && run.wrongAnswers === 0 && run.staleUpdates === 0;
    rows.push(
      `| (d) command round-trip, ${what}: lock/unlock call → HTTP answer 'acknowledged' | p50 **${ms(run.http.p50)} ms**, p90 ${ms(run.http.p90)} ms, p99 **${ms(run.http.p99)} ms**, max ${ms(run.http.max)} ms (${n(run.acknowledged)} of ${n(run.calls)} acknowledged; ${run.wrongAnswers} wrong answers, ${run.staleUpdates} stale lock states pushed after the ack) | ${target === null ? `right: ${pass(right)}` : `p99 < ${target} ms, all right: ${pass(run.http.p99 < target && right)}`} | |`,
      `| … call → socket \`command:update\` 'acknowledged' | p50 **${ms(run.socket.p50)} ms**, p90 ${ms(run.socket.p90)} ms, p99 **${ms(run.socket.p99)} ms**, max ${ms(run.socket.max)} ms | ${target === null ? '' : `p99 < ${target} ms: ${pass(run.socket.p99 < target)}`} | |`,
    );
    if (c && run.server.cpu)
      rows.push(
        `| … CPU per call, beyond the telemetry's | ${cpuLine(commandCpu(run, c.withoutCommands))} | | |`,
      );
  }
  const stageRows = runs.flatMap((run) => {
    const s = run.stages;
    const what = run.concurrency === 1 ? 'one at a time' : `${run.concurrency} at a time`;
    return [
      `| ${what}: call → command stored (auth, 2 reads, insert) | ${spread(s.toStored)} |`,
      `| … stored → cart received (publish, broker) | ${spread(s.storedToCart)} |`,
      `| … cart received → ack at gateway (cart, broker) | ${spread(s.cartToGateway)} |`,
      `| … ack at gateway → ack stored (finish transaction) | ${spread(s.ackStored)} |`,
      `| … ack stored → socket event at browser (Socket.IO) | ${spread(s.toSocket)} |`,
      `| … socket event → HTTP answer (waiter, cart read, reply) | ${spread(s.socketToHttp)} |`,
    ];
  });
  const notes = runs.map((run) => {
    const failures = Object.entries(run.failures)
      .map(([k, v]) => `${v}× ${k}`)
      .join(', ');
    return `${run.label} (${n(run.calls)} calls in ${run.seconds.toFixed(1)} s): ${failures || 'no failures'}; answers ≥ 200 ms after the socket event: ${run.lateAnswers}; waits ended by the server's database poll: ${run.polled}; stale lock states pushed after the ack: ${run.staleUpdates}. Server event loop ${Math.round(run.server.eventLoopUtilization * 100)} % busy (delay p99 ${run.server.eventLoopDelayP99Ms} ms, max ${run.server.eventLoopDelayMaxMs} ms); at most ${run.server.poolWaitingMax} queries waiting for a pool connection; backends waiting on a lock in ${Math.round(run.server.lockWaitShare * 100)} % of samples (at most ${run.server.lockWaitersMax}).`;
  });
  const whole = t
    ? `Connecting ${n(r.carts)} carts (own credentials, waves of 200): ${n(r.connect.ms)} ms. Device updates pushed to the probe during (a): ${n(t.updatesPushed)} (reports of one cart inside one flush are merged into one update). Invalid messages: ${t.invalid}; positions dropped by the writer: ${t.droppedPositions}; failed flushes: ${t.failedFlushes}. Whole run: ${r.durationSeconds.toFixed(0)} s.`
    : `Only the ${r.only === 'fleet10k' ? '10,000-cart' : 'command'} phase ran (BENCH_ONLY=${r.only}); broker relay in the same run ${r.relay ? `${n(r.relay.messagesPerSecond)} msg/s` : 'not measured'}. Connecting ${n(r.carts)} carts (own credentials, waves of 200): ${n(r.connect.ms)} ms. Whole run: ${r.durationSeconds.toFixed(0)} s.`;
  return [
    `### ${r.date} — ${r.broker}, ${n(r.carts)} carts`,
    '',
    `Machine: ${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.memoryGb} GB, ${r.machine.os}, Node ${r.machine.node} (${r.machine.nodeOptions || 'default V8 heap flags'}), ${r.machine.postgres}; load average at the start ${r.machine.loadAverage}.`,
    '',
    '| measure | result | target | broker relay (same run) |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    whole,
    '',
    ...memoryTable(r),
    ...(c
      ? [
          `(d) Command round-trip while all ${n(r.carts)} carts report at ${n(c.ratePerSecond)} msg/s (subscribing them to their command topics took ${n(c.subscribeMs)} ms), in stages on a clock shared by the probe, the server and the fleet:`,
          '',
          '| stage | time |',
          '| --- | --- |',
          ...stageRows,
          '',
          `* The telemetry alone (3 s before the calls): server event loop ${Math.round(c.withoutCommands.eventLoopUtilization * 100)} % busy (delay p99 ${c.withoutCommands.eventLoopDelayP99Ms} ms); backends waiting on a lock in ${Math.round(c.withoutCommands.lockWaitShare * 100)} % of samples.`,
          ...notes.map((note) => `* ${note}`),
          '',
        ]
      : []),
  ].join('\n');
}

/** "main thread 41 ms, broker thread 12 ms, …; 80 ms in all", leaving out what is zero (the other broker). */
function cpuLine(cpu: CpuSplit): string {
  const parts: Array<[string, number]> = [
    ['main thread', cpu.mainThread],
    ['broker thread', cpu.brokerThread],
    ['V8 helper threads (GC)', cpu.v8Threads],
    ['other threads (libuv)', cpu.otherThreads],
    ['PostgreSQL', cpu.postgres],
    ['Mosquitto', cpu.mosquitto],
  ];
  const shown = parts.filter(([, value]) => value > 0).map(([name, value]) => `${name} ${ms(value)} ms`);
  return `${shown.join(', ')}; **${ms(Math.round(cpuTotal(cpu) * 10) / 10)} ms** in all`;
}

/** A series' CPU per call, less what the telemetry alone used in as long (measured just before the calls). */
function commandCpu(run: CommandRun, telemetry: ServerLoad): CpuSplit {
  const share = telemetry.seconds > 0 ? run.server.seconds / telemetry.seconds : 0;
  const net = (key: keyof CpuSplit) => Math.max(0, run.server.cpu[key] - telemetry.cpu[key] * share);
  return cpuPer(
    {
      mainThread: net('mainThread'),
      brokerThread: net('brokerThread'),
      v8Threads: net('v8Threads'),
      otherThreads: net('otherThreads'),
      postgres: net('postgres'),
      mosquitto: net('mosquitto'),
    },
    run.calls,
  );
}

/** Server RSS per phase against its budget, with the heap breakdown at each phase's highest RSS. */
function memoryTable(r: BenchResult): string[] {
  const k = r.fleet10k;
  return [
    `Server RSS per phase (${r.machine.nodeOptions || 'default V8 heap flags'}; RSS is the whole process, the broker's worker thread included), in MB, with the breakdown at the phase's highest RSS:`,
    '',
    '| phase | highest RSS | budget | main heap used / reserved | external (of which ArrayBuffers) | broker worker heap used / reserved |',
    '| --- | --- | --- | --- | --- | --- |',
    ...r.memory.phases.map(
      (p) =>
        `| ${p.phase} | **${n(p.rssMb)}** | ≤ ${n(p.budgetMb)}: ${p.rssMb <= p.budgetMb ? 'met' : '**OVER BUDGET**'} | ${n(p.heapUsedMb)} / ${n(p.heapTotalMb)}${p.liveHeapMb === undefined ? '' : ` (live after GC ${n(p.liveHeapMb)})`} | ${n(p.externalMb)} (${n(p.arrayBuffersMb)}) | ${p.brokerHeapUsedMb === undefined ? '—' : `${n(p.brokerHeapUsedMb)} / ${n(p.brokerHeapTotalMb ?? 0)}`} |`,
    ),
    '',
    ...(k
      ? [
          `10,000 carts: ${n(k.carts - r.carts)} more inserted in ${n(k.insertMs)} ms and connected from ${k.fleetProcesses - 1} more fleet processes in ${n(k.connectMs)} ms (RSS ${n(k.rssConnectedMb)} MB once all were online).`,
          '',
        ]
      : []),
  ];
}

export async function writeResults(result: BenchResult, dir: string): Promise<string[]> {
  await fs.mkdir(dir, { recursive: true });
  const stem = `${result.date.replace(/[:.]/g, '-')}-${result.broker.split(' ')[0]!.toLowerCase()}${result.only ? `-${result.only}` : ''}`;
  const json = path.join(dir, `${stem}.json`);
  const md = path.join(dir, `${stem}.md`);
  await fs.writeFile(json, `${JSON.stringify(result, null, 2)}\n`);
  await fs.writeFile(md, toMarkdown(result));
  return [json, md];
}
