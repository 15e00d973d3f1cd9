import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCommand } from '../../../scripts/start-command';
import { SERVER_ROOT } from './lib/locations';

const ROOT = path.resolve(SERVER_ROOT, '../..');
const PRELOAD = '--import=./scripts/quiet-debug.mjs';

/** Runs `code` (CommonJS, from the repository's root) under the preload and answers what it printed. */
function underPreload(code: string, env: Record<string, string> = {}): unknown {
  const { DEBUG: _unset, ...inherited } = process.env;
  const run = spawnSync(process.execPath, [PRELOAD, '-e', code], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...inherited, NODE_OPTIONS: '', ...env },
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!);
}

// mqtt-packet's parser's logger, as the package makes it, and a packet parsed with the preload in place.
const PROBE = `
const debug = require('debug');
const mqttPacket = require('mqtt-packet');
const logger = debug('mqtt-packet:parser');
const parser = mqttPacket.parser({ protocolVersion: 4 });
let topic = null;
parser.on('packet', (packet) => (topic = packet.topic));
parser.parse(mqttPacket.generate({ cmd: 'publish', topic: 'fairway/x/telemetry', payload: Buffer.from('{}'), qos: 0, retain: false, dup: false }));
console.log(JSON.stringify({ quiet: logger.quiet === true, enabled: Boolean(logger.enabled), extended: debug('a').extend('b').namespace, topic }));
`;

describe('the quiet-debug preload (npm start)', () => {
  it('is one of the flags npm start, the bench and the two-instance layout run with', () => {
    expect(startCommand(ROOT).flags).toContain(PRELOAD);
  });

  it("turns the debug package's loggers into empty functions when DEBUG is not set", () => {
    expect(underPreload(PROBE)).toEqual({
      quiet: true,
      enabled: false,
      extended: 'a:b',
      topic: 'fairway/x/telemetry',
    });
  });

  it('changes nothing when DEBUG is set', () => {
    expect(underPreload(PROBE, { DEBUG: 'mqtt-packet:parser' })).toMatchObject({
      quiet: false,
      enabled: true,
      topic: 'fairway/x/telemetry',
    });
  });
});
