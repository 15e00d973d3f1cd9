/**
 * Load process: a browser's Socket.IO client in the bench site's room, timing every `device:update`
 * against the send time the cart fleet put into the report; also the subscriber of the broker's raw relay
 * measurement.
 */
import type { CartView } from '@fairway/domain';
import mqtt from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import type { LatencySummary, ProbeCommand, ProbeReport } from '../lib/protocol';

const report = (message: ProbeReport) => process.send?.(message);

let socket: Socket | null = null;
let updates = 0;
let recording = false;
let samples: number[] = [];
/** The same path split at the server's receive time (timeUTC): cart → gateway, and gateway → browser. */
let toServer: number[] = [];
let toBrowser: number[] = [];

const relay = { received: 0, first: 0, last: 0 };

function onUpdate(view: CartView) {
  updates += 1;
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
      socket = io(message.url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: message.token },
      });
      socket.on('device:update', onUpdate);
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
    case 'exit':
      socket?.close();
      process.exit(0);
  }
});
