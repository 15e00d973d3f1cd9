import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { CoreContext } from './context';
import { connectDatabase } from './db/client';
import { DomainEventBus } from './lib/events';
import { LocalFileStore } from './lib/file-store';
import { AccessTokens } from './modules/auth/access-token';
import { Mailer } from './modules/mail/mailer';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { buildServices } from './services';

const offline = (what: string) => () => {
  throw new Error(`${what} is not available while only the OpenAPI document is built`);
};

/**
 * The HTTP application without a database, broker or port: routes only declare schemas at registration,
 * so a context whose parts are never called is enough to build the OpenAPI document and to route requests
 * that are refused before any service runs. Used by `npm run lint:openapi` and the OpenAPI test.
 */
export async function buildOfflineApp(): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    // Never connected to: the pool opens connections on the first query, and there is none.
    DATABASE_URL: 'postgres://offline@127.0.0.1:1/openapi',
    SIMULATOR: 'off',
    JOBS: 'off',
    SEED_DEMO: 'off',
    LOG_LEVEL: 'silent',
  });
  const log = pino({ level: 'silent' });
  const database = connectDatabase(config.DATABASE_URL!, 1);
  const core: CoreContext = {
    config,
    database,
    db: database.db,
    log,
    bus: new DomainEventBus(),
    tokens: new AccessTokens('x'.repeat(32)),
    mail: new Mailer(database.db, log, undefined, config.MAIL_FROM),
    files: new LocalFileStore(config.dataDir),
    privateFiles: new LocalFileStore(config.dataDir),
    brokerConnected: () => false,
    gatewayLastHeardAt: () => 0,
    instanceStats: offline('the instance'),
    deviceProvisioner: { register: offline('the broker'), remove: offline('the broker') },
    deviceChannel: { sendCommand: offline('the broker'), sendConfig: offline('the broker') },
    payments: new Proxy({} as PaymentProvider, { get: (_target, key) => offline(`payments.${String(key)}`) }),
  };
  const app = await buildApp(buildServices(core));
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The OpenAPI document the server serves at /api/docs/json. */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const { app, close } = await buildOfflineApp();
  try {
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await close();
  }
}

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  pointer: string;
}

/**
 * Redocly's recommended rules, with a missing operationId and an undeclared tag made errors: partners
 * generate clients from the document, and a client's method names come from the operationIds.
 */
const LINT_CONFIG = [
  'extends:',
  '  - recommended',
  'rules:',
  '  operation-operationId: error',
  '  operation-tag-defined: error',
  '',
].join('\n');

const REDOCLY_CLI = fileURLToPath(new URL('../../../node_modules/@redocly/cli/bin/cli.js', import.meta.url));

/** Lints the document with the project's redocly CLI (the one `npx redocly` runs) and answers its problems. */
export async function lintOpenApiDocument(document: unknown): Promise<LintProblem[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fairway-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    const config = path.join(dir, 'redocly.yaml');
    await fs.writeFile(file, JSON.stringify(document));
    await fs.writeFile(config, LINT_CONFIG);
    const { stdout } = await run(process.execPath, [
      REDOCLY_CLI,
      'lint',
      file,
      '--config',
      config,
      '--format=json',
      '--max-problems=10000',
    ]);
    const report = JSON.parse(stdout) as {
      problems: Array<{
        ruleId: string;
        severity: string;
        message: string;
        location: Array<{ pointer: string }>;
      }>;
    };
    return report.problems.map((problem) => ({
      ruleId: problem.ruleId,
      severity: problem.severity === 'error' ? 'error' : 'warn',
      message: problem.message,
      pointer: problem.location[0]?.pointer ?? '',
    }));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Runs a command to its end; redocly exits 1 when it found errors, which is an answer, not a failure. */
function run(command: string, args: string[]): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        maxBuffer: 64 * 1024 * 1024,
        // No usage reports or update checks from a test or a CI run.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
      (error, stdout, stderr) => {
        if (stdout.trim().startsWith('{')) resolve({ stdout });
        else reject(new Error(`redocly lint failed: ${error?.message ?? ''}\n${stderr}`));
      },
    );
  });
}
