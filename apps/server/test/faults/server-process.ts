/**
 * A Fairway server in a process of its own, for fault tests that kill it (SIGKILL) and start it again on
 * the same ports and database. It runs `src/main.ts` under tsx (the sources `npm start`'s bundle is built
 * from; jobs on, no simulator, no demo seed), with the embedded broker; `asRuntime` lets the shared test
 * fixtures (carts, payment sites) talk to it over HTTP and MQTT as they talk to an in-process runtime. Only
 * tests import this file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase, type Database } from '../../src/db/client';
import type { Runtime } from '../../src/runtime';

const START_TIMEOUT_MS = 120_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  url: string;
  mqttUrl: string;
  /** Starts (or starts again) the server and waits until it answers. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown hook runs, as when the machine or the OOM killer stops it. */
  kill(): Promise<void>;
  /** A graceful stop for the end of the test. */
  stop(): Promise<void>;
  /** What the process printed, for a failing test's message. */
  output(): string;
}

export async function serverProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const mqttPort = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fairway-fault-'));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let log = '';

  const exited = (proc: ChildProcess) =>
    proc.exitCode !== null || proc.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => proc.once('exit', () => resolve()));

  return {
    url,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    async start() {
      if (child) throw new Error('the server process is already running');
      const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '../../../..'),
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: url,
          MQTT_PORT: String(mqttPort),
          DATA_DIR: dataDir,
          JOBS: 'on',
          SIMULATOR: 'off',
          SEED_DEMO: 'off',
          LOGIN_RATE_LIMIT: '1000',
          LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      proc.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      proc.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      // Starting compiles the server with tsx: slow on a busy CI machine.
      const deadline = Date.now() + START_TIMEOUT_MS;
      while (Date.now() < deadline) {
        if (proc.exitCode !== null) throw new Error(`the server exited at start:\n${log}`);
        const ok = await fetch(`${url}/api/health`).then(
          (res) => res.status < 500,
          () => false,
        );
        if (ok) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`the server did not answer within ${START_TIMEOUT_MS} ms:\n${log}`);
    },
    async kill() {
      const proc = child;
      child = null;
      if (!proc) return;
      proc.kill('SIGKILL');
      await exited(proc);
    },
    async stop() {
      const proc = child;
      child = null;
      if (!proc) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited(proc);
      clearTimeout(timer);
    },
    output: () => log,
  };
}

/** The parts of a Runtime the shared fixtures use, served by a server process over HTTP. */
export function asRuntime(server: ServerProcess, database: Database): Runtime {
  const inject = async (options: {
    method?: string;
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }) => {
    const body =
      options.payload === undefined
        ? undefined
        : typeof options.payload === 'string'
          ? options.payload
          : JSON.stringify(options.payload);
    const res = await fetch(`${server.url}${options.url}`, {
      method: options.method ?? 'GET',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      body,
    });
    const text = await res.text();
    return { statusCode: res.status, body: text, json: <T>() => JSON.parse(text) as T };
  };
  return {
    app: { inject },
    url: server.url,
    mqttUrl: server.mqttUrl,
    ctx: { db: database.db, config: { publicUrl: server.url } },
  } as unknown as Runtime;
}

export const connectTestDatabase = (url: string): Database => connectDatabase(url, 2);
