/**
 * Load process: a browser's Socket.IO client in the bench site's room, timing every cart of `device:updates`
 * against the send time the cart fleet put into the report, and lock/unlock calls over HTTP against the
 * socket's `command:update`; also the subscriber of the broker's raw relay measurement.
 */
import { FINAL_COMMAND_STATES, type CartView, type CommandOutcome, type CommandView } from '@fairway/domain';
import mqtt from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import type {
  CommandSample,
  CommandTarget,
  LatencySummary,
  ProbeCommand,
  ProbeReport,
} from '../lib/protocol';

const report = (message: ProbeReport) => process.send?.(message);

let socket: Socket | null = null;
let updates = 0;
let recording = false;
let samples: number[] = [];
/** The same path split at the server's receive time (timeUTC): cart → gateway, and gateway → browser. */
let toServer: number[] = [];
let toBrowser: number[] = [];

const relay = { received: 0, first: 0, last: 0 };

/** A clock shared by the three bench processes, finer than Date.now(). */
const clock = () => performance.timeOrigin + performance.now();
let http: { url: string; token: string; siteId: string } | null = null;
/** The call in progress per cart (one at a time per cart), and carts watched for a stale lock state. */
const pending = new Map<string, { sample: CommandSample; target: 0 | 1; wake: (() => void) | null }>();
const watched = new Map<string, { sample: CommandSample; target: 0 | 1; until: number }>();

function onCommandUpdate(view: CommandView) {
  const call = pending.get(view.deviceId);
  if (!call) return;
  const now = clock();
  if (view.state === 'queued') call.sample.queuedAt ??= now;
  if (FINAL_COMMAND_STATES.includes(view.state) && call.sample.finalAt === null) {
    call.sample.finalAt = now;
    call.sample.finalState = view.state;
    call.sample.commandId ??= view._id;
    // Watched from the acknowledgement on (not from the HTTP answer): a stale state pushed between the two
    // counts too.
    if (view.state === 'acknowledged')
      watched.set(view.deviceId, { sample: call.sample, target: call.target, until: now + 1_500 });
    call.wake?.();
  }
}

async function lockCall({ deviceId, action }: CommandTarget): Promise<CommandSample> {
  const sample: CommandSample = {
    deviceId,
    action,
    commandId: null,
    status: 0,
    state: null,
    deviceMatches: false,
    startedAt: clock(),
    queuedAt: null,
    finalAt: null,
    finalState: null,
    answeredAt: 0,
    staleUpdates: 0,
  };
  const target = action === 'lock' ? 1 : 0;
  const call = { sample, target: target as 0 | 1, wake: null as (() => void) | null };
  pending.set(deviceId, call);
  try {
    const response = await fetch(`${http!.url}/api/dashboard/devices/${deviceId}/${action}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${http!.token}`, 'site-id': http!.siteId },
    });
    const body = (await response.json()) as Partial<CommandOutcome>;
    sample.answeredAt = clock();
    sample.status = response.status;
    if (body.command) {
      sample.commandId = body.command._id;
      sample.state = body.command.state;
    }
    sample.deviceMatches = body.device?.lockStatus === target;
    // The socket event normally comes first (it is sent before the answer's last query); allow it 2 s more.
    if (sample.finalAt === null && response.ok) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2_000);
        call.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } catch {
    // Refused connection or a body that is not JSON: counted as a failed call (status 0 or as answered).
    if (sample.answeredAt === 0) sample.answeredAt = clock();
  } finally {
    pending.delete(deviceId);
  }
  return sample;
}

/** Runs the calls `concurrency` at a time, then waits out the stale-state watch of the last ones. */
async function runCommands(targets: CommandTarget[], concurrency: number): Promise<CommandSample[]> {
  const samples: CommandSample[] = [];
  let next = 0;
  const worker = async () => {
    while (next < targets.length) samples.push(await lockCall(targets[next++]!));
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  watched.clear();
  return samples;
}

function onUpdate(view: CartView) {
  updates += 1;
  const watch = watched.get(view._id);
  if (watch) {
    if (clock() > watch.until) watched.delete(view._id);
    else if (view.lockStatus !== watch.target) watch.sample.staleUpdates += 1;
  }
  // carOdometer carries the cart's send time (epoch ms) during the bench.
  if (!recording || view.carOdometer === null || view.timeUTC === null) return;
  const now = Date.now();
  const received = Date.parse(view.timeUTC);
  samples.push(now - view.carOdometer);
  toServer.push(received - view.carOdometer);
  toBrowser.push(now - received);
}

function summarize(values: number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { samples: sorted.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

process.on('message', (message: ProbeCommand) => {
  switch (message.type) {
    case 'relay-subscribe': {
      const client = mqtt.connect(message.broker.url, {
        username: message.broker.username,
        password: message.broker.password,
        clientId: `bench-relay-sub-${process.pid}`,
        reconnectPeriod: 0,
      });
      client.on('message', () => {
        const now = performance.now();
        if (relay.received === 0) relay.first = now;
        relay.last = now;
        relay.received += 1;
      });
      client.on('connect', () => {
        client.subscribe(message.topic, { qos: 0 }, () => report({ type: 'relay-ready' }));
      });
      return;
    }
    case 'relay-report': {
      const seconds = (relay.last - relay.first) / 1000;
      report({
        type: 'relay-result',
        received: relay.received,
        messagesPerSecond: seconds > 0 ? relay.received / seconds : 0,
      });
      return;
    }
    case 'socket':
      http = { url: message.url, token: message.token, siteId: message.siteId };
      socket = io(message.url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: message.token },
      });
      socket.on('device:updates', ({ devices }: { devices: CartView[] }) => devices.forEach(onUpdate));
      socket.on('command:update', onCommandUpdate);
      socket.on('connect', () => {
        socket!.emit('join:site', message.siteId, (answer: { ok: boolean; message?: string }) => {
          if (!answer.ok) throw new Error(`join:site refused: ${answer.message}`);
          report({ type: 'socket-ready' });
        });
      });
      socket.on('connect_error', (error) => {
        throw error;
      });
      return;
    case 'record':
      recording = message.on;
      if (message.on) [samples, toServer, toBrowser] = [[], [], []];
      return;
    case 'report':
      report({
        type: 'report',
        updates,
        latency: {
          ...summarize(samples),
          cartToGateway: summarize(toServer),
          gatewayToBrowser: summarize(toBrowser),
        },
      });
      return;
    case 'commands': {
      const started = performance.now();
      void runCommands(message.targets, message.concurrency).then((samples) =>
        report({
          type: 'commands-result',
          label: message.label,
          samples,
          seconds: (performance.now() - started) / 1000 - 1.5,
        }),
      );
      return;
    }
    case 'exit':
      socket?.close();
      process.exit(0);
  }
});
