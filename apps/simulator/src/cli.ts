/**
 * Runs a simulated fleet against a Fairway server:
 *
 *   npm run simulate -- --carts 200 --url mqtt://localhost:1883 [--site <siteId>] [--course demo|second]
 *
 * Every cart needs its own MQTT credentials, so carts the CLI has not seen before are registered through
 * the admin API and remembered in a fleet file; later runs reuse them.
 */
import { parseArgs } from 'node:util';
import { AdminApi } from './admin-api';
import { courseCentreLatLong, DEMO_COURSE, SECOND_COURSE, type Course } from './courses';
import { startFleet, type Fleet } from './fleet';
import {
  defaultFleetFilePath,
  readFleetFile,
  writeFleetFile,
  type FleetFile,
  type SavedCart,
} from './fleet-file';
import type { Logger } from './logger';

const USAGE = `Usage: npm run simulate -- [options]

  --carts <n>          carts to simulate (default 50)
  --url <url>          MQTT broker (default mqtt://localhost:1883)
  --api <url>          server for registering carts (default http://localhost:3000)
  --email <email>      superadmin login (default superadmin@example.com)
  --password <pw>      superadmin password (default demo-password)
  --site <siteId>      move the carts to this site
  --fleet-file <path>  saved credentials (default data/simulator-fleet-<n>.json)
  --course <name>      demo (St Andrews, 18 holes) or second (Karlštejn, 9 holes); default demo
  --activity <0..1>    share of carts out on a round (default 0.5)
  --time-scale <x>     simulated seconds per real second (default 1)
  --ack-latency <ms>   delay before a cart answers a command: <min>-<max> or one value (default 150-600)
  --seed <n>           repeat the same simulation
  --verbose            log every connection and command
  --help`;

const COURSES: Record<string, Course> = { demo: DEMO_COURSE, second: SECOND_COURSE };
/** Registration and moves run a few at a time: fast enough for 2,000 carts, gentle on the server. */
const API_CONCURRENCY = 8;

interface CliOptions {
  carts: number;
  url: string;
  api: string;
  email: string;
  password: string;
  site: string | null;
  fleetFile: string;
  course: Course;
  activity: number;
  timeScale: number;
  ackLatencyMs: [number, number];
  seed: number | undefined;
  verbose: boolean;
}

function parseOptions(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      carts: { type: 'string', default: '50' },
      url: { type: 'string', default: 'mqtt://localhost:1883' },
      api: { type: 'string', default: 'http://localhost:3000' },
      email: { type: 'string', default: 'superadmin@example.com' },
      password: { type: 'string', default: 'demo-password' },
      site: { type: 'string' },
      'fleet-file': { type: 'string' },
      course: { type: 'string', default: 'demo' },
      activity: { type: 'string', default: '0.5' },
      'time-scale': { type: 'string', default: '1' },
      'ack-latency': { type: 'string', default: '150-600' },
      seed: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (name: string, text: string, check: (value: number) => boolean): number => {
    const value = Number(text);
    if (!Number.isFinite(value) || !check(value)) fail(`--${name} ${text} is not valid\n\n${USAGE}`);
    return value;
  };
  const carts = number('carts', values.carts, (n) => Number.isInteger(n) && n > 0 && n <= 100_000);
  const course = COURSES[values.course];
  if (!course) fail(`--course must be one of ${Object.keys(COURSES).join(', ')}`);
  return {
    carts,
    url: values.url,
    api: values.api,
    email: values.email,
    password: values.password,
    site: values.site ?? null,
    fleetFile: values['fleet-file'] ?? defaultFleetFilePath(carts),
    course,
    activity: number('activity', values.activity, (n) => n >= 0 && n <= 1),
    timeScale: number('time-scale', values['time-scale'], (n) => n > 0),
    ackLatencyMs: parseRange('ack-latency', values['ack-latency']),
    seed: values.seed === undefined ? undefined : number('seed', values.seed, Number.isInteger),
    verbose: values.verbose,
  };
}

/** `150-600` or `0` (min = max) as [min, max] milliseconds. */
function parseRange(name: string, text: string): [number, number] {
  const parts = text.split('-').map(Number);
  const min = parts[0] ?? NaN;
  const max = parts[1] ?? min;
  if (parts.length > 2 || !(min >= 0 && max >= min)) fail(`--${name} ${text} is not valid\n\n${USAGE}`);
  return [min, max];
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function cliLogger(verbose: boolean): Logger {
  const line = (level: string, message: string, details: Record<string, unknown>): string =>
    `${new Date().toISOString()} ${level} ${message} ${JSON.stringify(details)}`;
  return {
    debug: (details, message) => verbose && console.log(line('debug', message, details)),
    info: (details, message) => console.log(line('info', message, details)),
    warn: (details, message) => console.warn(line('warn', message, details)),
    error: (details, message) => console.error(line('error', message, details)),
  };
}

/** Runs `work` over `items`, `limit` at a time, reporting progress every tenth of the way. */
async function inBatches<T>(
  items: T[],
  limit: number,
  label: string,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let done = 0;
  const step = Math.max(1, Math.floor(items.length / 10));
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
      done += 1;
      if (done % step === 0 || done === items.length) console.log(`${label}: ${done}/${items.length}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Loads the saved fleet and registers whatever carts are missing. */
async function ensureCarts(options: CliOptions, api: AdminApi): Promise<FleetFile> {
  const saved = await readFleetFile(options.fleetFile);
  if (saved && saved.api !== options.api) {
    fail(
      `${options.fleetFile} holds carts registered with ${saved.api}, not ${options.api}; pass another --fleet-file`,
    );
  }
  const file: FleetFile = saved ?? { version: 1, api: options.api, carts: [] };
  const missing = options.carts - file.carts.length;
  if (missing <= 0) {
    console.log(`Reusing ${options.carts} carts from ${options.fleetFile}`);
    return file;
  }
  console.log(
    `Registering ${missing} carts with ${options.api} (${file.carts.length} already in ${options.fleetFile})`,
  );
  await api.login();
  // A run prefix keeps serials unique when another fleet file registered carts on the same server.
  const run = Date.now().toString(36);
  const numbers = Array.from({ length: missing }, (_, index) => file.carts.length + index + 1);
  try {
    await inBatches(numbers, API_CONCURRENCY, 'Registered', async (carNumber) => {
      const serial = `SIM-${run}-${String(carNumber).padStart(4, '0')}`;
      const device = await api.registerDevice(serial);
      file.carts.push({
        deviceId: device._id,
        serial: device.serial,
        secret: device.secret,
        carNumber: String(carNumber),
        siteId: null,
      });
    });
  } finally {
    // Keep what was registered even when a later registration fails.
    file.carts.sort((a, b) => Number(a.carNumber) - Number(b.carNumber));
    await writeFleetFile(options.fleetFile, file);
  }
  return file;
}

/** Moves carts that are not yet on the requested site; failures are reported, not fatal. */
async function moveToSite(
  options: CliOptions,
  api: AdminApi,
  file: FleetFile,
  carts: SavedCart[],
): Promise<void> {
  const siteId = options.site;
  if (!siteId) return;
  const toMove = carts.filter((cart) => cart.siteId !== siteId);
  if (toMove.length === 0) return;
  console.log(`Moving ${toMove.length} carts to site ${siteId}`);
  const failures: string[] = [];
  await inBatches(toMove, API_CONCURRENCY, 'Moved', async (cart) => {
    try {
      await api.moveDevices([cart.deviceId], { siteID: siteId, carNumber: cart.carNumber });
      cart.siteId = siteId;
    } catch (error) {
      // Most often the site already has a cart with this number: move it anyway, numberless.
      try {
        await api.moveDevices([cart.deviceId], { siteID: siteId });
        cart.siteId = siteId;
        failures.push(
          `${cart.serial}: moved without car number ${cart.carNumber} (${(error as Error).message})`,
        );
      } catch (retryError) {
        failures.push(`${cart.serial}: not moved (${(retryError as Error).message})`);
      }
    }
  });
  await writeFleetFile(options.fleetFile, file);
  if (failures.length > 0) {
    console.error(`${failures.length} carts could not be moved to site ${siteId} as asked; first problems:`);
    for (const failure of failures.slice(0, 5)) console.error(`  ${failure}`);
  }
}

function startStatusLine(fleet: Fleet): NodeJS.Timeout {
  return setInterval(() => {
    const counts = { driving: 0, standing: 0, held: 0, parked: 0 };
    for (const cart of fleet.carts) counts[cart.state.activity] += 1;
    console.log(
      `connected ${fleet.connectedCount()}/${fleet.carts.length} · driving ${counts.driving} · standing ${counts.standing} · held ${counts.held} · parked ${counts.parked}`,
    );
  }, 10_000);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const api = new AdminApi(options.api, { email: options.email, password: options.password });
  const file = await ensureCarts(options, api);
  const carts = file.carts.slice(0, options.carts);
  await moveToSite(options, api, file, carts);

  console.log(
    `Course: ${options.course.name} (site centerLatLong ${courseCentreLatLong(options.course)}, timezone ${options.course.timezone})`,
  );
  const fleet = await startFleet({
    url: options.url,
    carts,
    course: options.course,
    activity: options.activity,
    timeScale: options.timeScale,
    ackLatencyMs: options.ackLatencyMs,
    seed: options.seed,
    logger: cliLogger(options.verbose),
  });
  console.log(
    `${fleet.connectedCount()}/${carts.length} carts connected to ${options.url}; Ctrl-C stops them cleanly`,
  );
  const statusLine = startStatusLine(fleet);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) {
      console.error('Stopping anyway');
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: taking the carts offline…`);
    clearInterval(statusLine);
    fleet.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
