import fs from 'node:fs/promises';
import path from 'node:path';
import type { LatencySummary } from './protocol';

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
  };
  broker: string;
  carts: number;
  connect: { ms: number };
  relay: { messagesPerSecond: number; received: number; seconds: number };
  throughput: {
    sent: number;
    persisted: number;
    lost: number;
    seconds: number;
    messagesPerSecond: number;
    peakMessagesPerSecond: number;
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
  latency: LatencySummary & {
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
    rssSteadyMb: number;
    steadyRate: number;
    rssPeakMb: number;
  };
  durationSeconds: number;
}

export const TARGETS = { messagesPerSecond: 5_000, p99Ms: 100, rssMb: 400 };

const n = (value: number) => Math.round(value).toLocaleString('en-US');
const pass = (ok: boolean) => (ok ? 'met' : '**missed**');

export function toMarkdown(r: BenchResult): string {
  const t = r.throughput;
  return [
    `### ${r.date} — ${r.broker}, ${n(r.carts)} carts`,
    '',
    `Machine: ${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.memoryGb} GB, ${r.machine.os}, Node ${r.machine.node} (${r.machine.nodeOptions || 'default V8 heap flags'}), ${r.machine.postgres}.`,
    '',
    '| measure | result | target | broker relay (same run) |',
    '| --- | --- | --- | --- |',
    `| (a) telemetry ingested, validated, persisted, pushed | **${n(t.messagesPerSecond)} msg/s** sustained over ${t.seconds.toFixed(1)} s (peak 1 s window ${n(t.peakMessagesPerSecond)}); ${n(t.persisted)} of ${n(t.sent)} stored, ${n(t.lost)} lost | ≥ ${n(TARGETS.messagesPerSecond)} msg/s, none lost: ${pass(t.messagesPerSecond >= TARGETS.messagesPerSecond && t.lost === 0)} | ${n(r.relay.messagesPerSecond)} msg/s |`,
    `| (b) device → browser latency at ${n(r.latency.ratePerSecond)} msg/s | p50 **${n(r.latency.p50)} ms**, p90 ${n(r.latency.p90)} ms, p99 **${n(r.latency.p99)} ms**, max ${n(r.latency.max)} ms (${n(r.latency.samples)} samples) | p99 < ${TARGETS.p99Ms} ms: ${pass(r.latency.p99 < TARGETS.p99Ms)} | |`,
    `| … of which cart → gateway (broker) | p50 ${n(r.latency.cartToGateway.p50)} ms, p99 ${n(r.latency.cartToGateway.p99)} ms | | |`,
    `| … of which gateway → browser (batch, PostgreSQL, Socket.IO) | p50 ${n(r.latency.gatewayToBrowser.p50)} ms, p99 ${n(r.latency.gatewayToBrowser.p99)} ms | | |`,
    `| (c) server RSS with ${n(r.carts)} carts connected | **${n(r.memory.rssConnectedMb)} MB** (${n(r.memory.rssBootedMb)} MB before any cart connected) | < ${TARGETS.rssMb} MB: ${pass(r.memory.rssConnectedMb < TARGETS.rssMb)} | |`,
    `| … highest RSS at a steady ${n(r.memory.steadyRate)} msg/s (10 s) | ${n(r.memory.rssSteadyMb)} MB | < ${TARGETS.rssMb} MB: ${pass(r.memory.rssSteadyMb < TARGETS.rssMb)} | |`,
    `| … highest RSS during (a) | ${n(r.memory.rssPeakMb)} MB | < ${TARGETS.rssMb} MB: ${pass(r.memory.rssPeakMb < TARGETS.rssMb)} | |`,
    '',
    `Connecting ${n(r.carts)} carts (own credentials, waves of 200): ${n(r.connect.ms)} ms. Device updates pushed to the probe during (a): ${n(t.updatesPushed)} (reports of one cart inside one flush are merged into one update). Invalid messages: ${t.invalid}; positions dropped by the writer: ${t.droppedPositions}; failed flushes: ${t.failedFlushes}. Whole run: ${r.durationSeconds.toFixed(0)} s.`,
    '',
  ].join('\n');
}

export async function writeResults(result: BenchResult, dir: string): Promise<string[]> {
  await fs.mkdir(dir, { recursive: true });
  const stem = `${result.date.replace(/[:.]/g, '-')}-${result.broker.split(' ')[0]!.toLowerCase()}`;
  const json = path.join(dir, `${stem}.json`);
  const md = path.join(dir, `${stem}.md`);
  await fs.writeFile(json, `${JSON.stringify(result, null, 2)}\n`);
  await fs.writeFile(md, toMarkdown(result));
  return [json, md];
}
