import { REALISTIC_ACK_LATENCY_MS } from './answer-queue';
import type { Course } from './courses/course';
import type { LatLng } from './geo';
import { consoleLogger, type Logger } from './logger';
import { createRandom, seedFor } from './random';
import { typicalRoundS } from './round-plan';
import { SimulatedCart, type CartHandle } from './simulated-cart';

/** A cart as registered on the server: its MQTT credentials and the number painted on it. */
export interface FleetCart {
  deviceId: string;
  secret: string;
  carNumber: string;
  /** the firmware version the tracker runs at start (default the simulator's own) */
  firmware?: string;
}

export interface FleetOptions {
  /** broker URL, e.g. mqtt://localhost:1883 */
  url: string;
  carts: FleetCart[];
  course: Course;
  /** report interval while a cart is rolling, until its config says otherwise (default 2000 ms) */
  reportIntervalMs?: number;
  /** report interval while a cart stands, parked or at a stop (default 15000 ms) */
  standingReportIntervalMs?: number;
  /** simulated seconds per real second for the driving model (default 1) */
  timeScale?: number;
  /** factor on how long carts stand at tees and greens (default 1; the demo uses less so carts keep rolling) */
  stopScale?: number;
  /** share of carts out on a round at any time, 0..1 (default 0.5) */
  activity?: number;
  /**
   * Range in ms a cart's delay from receiving a command to acking it is drawn from (default 150–600, as a
   * tracker's modem and actuators take); [0, 0] answers at once, e.g. to measure the server's own latency.
   */
  ackLatencyMs?: readonly [number, number];
  /** seed for every random choice (default: random) */
  seed?: number;
  logger?: Logger;
  /** new connections opened per second at start, so a large fleet does not storm the broker (default 200) */
  connectRatePerSecond?: number;
  /** period of the shared simulation loop (default 250 ms) */
  tickMs?: number;
}

export interface Fleet {
  readonly carts: readonly CartHandle[];
  cart(deviceId: string): CartHandle | undefined;
  /** carts whose MQTT session is up right now */
  connectedCount(): number;
  /** Stops the simulation; every cart publishes its retained offline status and disconnects cleanly. */
  stop(): Promise<void>;
}

const DEFAULTS = {
  reportIntervalMs: 2_000,
  standingReportIntervalMs: 15_000,
  timeScale: 1,
  stopScale: 1,
  activity: 0.5,
  ackLatencyMs: REALISTIC_ACK_LATENCY_MS,
  connectRatePerSecond: 200,
  tickMs: 250,
};

/**
 * Starts a simulated fleet: one MQTT connection per cart with the cart's own credentials, all driven
 * by one shared loop (no timers per cart), so thousands of carts fit in one process. Resolves when
 * every cart's first connection attempt has succeeded or failed; failed ones keep retrying.
 */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const settings = { ...DEFAULTS, ...definedOnly(options) };
  const logger = options.logger ?? consoleLogger;
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 32);
  const activity = Math.min(1, Math.max(0, settings.activity));
  if (settings.timeScale <= 0) throw new Error('timeScale must be positive');
  const [minLatency, maxLatency] = settings.ackLatencyMs;
  if (!(minLatency >= 0 && maxLatency >= minLatency))
    throw new Error('ackLatencyMs must be [min, max] with 0 ≤ min ≤ max');
  if (new Set(options.carts.map((cart) => cart.deviceId)).size !== options.carts.length) {
    throw new Error('Every cart needs its own deviceId');
  }

  // A cart spends a round out and, on average, meanParkedS in the barn: out/(out+parked) = activity.
  const roundS = typicalRoundS(options.course, settings.stopScale);
  const meanParkedS = activity <= 0 ? Infinity : activity >= 1 ? 60 : (roundS * (1 - activity)) / activity;
  const fleetRandom = createRandom(seed);
  const midRound = new Set(
    shuffle(
      options.carts.map((cart) => cart.deviceId),
      fleetRandom,
    ).slice(0, Math.round(activity * options.carts.length)),
  );
  const spots = barnSpots(options.course.barn, options.carts.length);
  const clock = Date.now;

  const carts = options.carts.map(
    (cart, index) =>
      new SimulatedCart({
        url: options.url,
        deviceId: cart.deviceId,
        secret: cart.secret,
        carNumber: cart.carNumber,
        ...(cart.firmware ? { firmware: cart.firmware } : {}),
        course: options.course,
        spot: spots[index]!,
        random: createRandom(seedFor(seed, cart.deviceId)),
        linkRandom: createRandom(seedFor(seed ^ 0x5bd1e995, cart.deviceId)),
        meanParkedS,
        stopScale: settings.stopScale,
        startMidRound: midRound.has(cart.deviceId),
        timeScale: settings.timeScale,
        ackLatencyMs: settings.ackLatencyMs,
        movingReportIntervalMs: settings.reportIntervalMs,
        standingReportIntervalMs: settings.standingReportIntervalMs,
        clock,
        logger,
      }),
  );
  const byId = new Map(carts.map((cart) => [cart.deviceId, cart]));
  logger.info(
    { carts: carts.length, course: options.course.name, activity, timeScale: settings.timeScale, seed },
    'Starting fleet',
  );

  // Connections open gradually from the shared loop; everything else happens in the same loop.
  const firstAttempts: Promise<void>[] = [];
  let started = 0;
  let startBudget = 1; // the first tick opens one connection at once
  const startPerTick = (settings.connectRatePerSecond * settings.tickMs) / 1000;
  const startSome = (): void => {
    while (started < carts.length && startBudget >= 1) {
      firstAttempts.push(carts[started]!.start());
      started += 1;
      startBudget -= 1;
    }
    startBudget += startPerTick;
  };
  const tick = (): void => {
    if (started < carts.length) startSome();
    const now = clock();
    for (const cart of carts) {
      if (cart.linkState !== 'idle') cart.tick(now);
    }
  };
  tick();
  const loop = setInterval(tick, settings.tickMs);

  while (started < carts.length) await sleep(settings.tickMs);
  await Promise.all(firstAttempts);
  logger.info(
    { carts: carts.length, connected: carts.filter((cart) => cart.connected).length },
    'Fleet started',
  );

  let stopping: Promise<void> | null = null;
  return {
    carts,
    cart: (deviceId) => byId.get(deviceId),
    connectedCount: () => carts.reduce((count, cart) => count + (cart.connected ? 1 : 0), 0),
    stop: () => {
      stopping ??= (async () => {
        clearInterval(loop);
        await Promise.all(carts.map((cart) => cart.stop()));
        logger.info({ carts: carts.length }, 'Fleet stopped');
      })();
      return stopping;
    },
  };
}

/**
 * A parking grid around the barn point (2.5 m between carts, 3.5 m between rows) so each cart has its
 * own place and parked carts do not cover each other on the map.
 */
export function barnSpots(barn: LatLng, count: number): LatLng[] {
  const columns = Math.max(1, Math.ceil(Math.sqrt(count)));
  const metresPerDegLat = 111_320;
  const metresPerDegLng = metresPerDegLat * Math.cos((barn[0] * Math.PI) / 180);
  const spots: LatLng[] = [];
  for (let i = 0; i < count; i++) {
    const east = ((i % columns) - (columns - 1) / 2) * 2.5;
    const north = -Math.floor(i / columns) * 3.5;
    spots.push([barn[0] + north / metresPerDegLat, barn[1] + east / metresPerDegLng]);
  }
  return spots;
}

function shuffle<T>(items: T[], random: { int(min: number, max: number): number }): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
