import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import pino from 'pino';
import type { Runtime } from '../../apps/server/src/runtime';
import { openBenchDatabase } from './bench-database';
import { server } from './server-bundle';
import type { CartCredentials, Credentials } from './protocol';
import { sessionToken } from './session-token';

const { loadConfig, SERVER_MQTT_USERNAME, startRuntime, platformSecret, DynsecClient, registerCommands } =
  server;
const { hashToken, randomToken, devices, sites, users } = server;

export interface ExternalBroker {
  url: string;
  username: string;
  password: string;
}

export interface BenchServer {
  rt: Runtime;
  /** Credentials of the server user, for the broker relay measurement. */
  serverBroker: Credentials;
  siteId: string;
  /** Access token of an admin of the bench site, for the browser probe. */
  token: string;
  carts: CartCredentials[];
  /**
   * `count` more carts of the bench site (inserted in batches and, on Mosquitto, provisioned once per broker),
   * numbered on from the last; for the 10,000-cart phase.
   */
  addCarts(count: number): Promise<CartCredentials[]>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A whole server in this process on loopback: embedded PostgreSQL in a fresh temporary DATA_DIR (or a fresh
 * database on the server BENCH_DATABASE_URL names), the
 * embedded Aedes (or the external broker given), HTTP and Socket.IO; plus a bench site with `cartCount`
 * carts inserted directly (it is a bench) and, on Mosquitto, provisioned in dynamic security.
 */
export async function bootBenchServer(
  cartCount: number,
  external: ExternalBroker | null,
): Promise<BenchServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fairway-bench-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its data directory.
  await fs.chmod(dataDir, 0o755);
  // BENCH_DATABASE_URL: a fresh database on that server instead (to read pg_stat_statements, say).
  const database = process.env.BENCH_DATABASE_URL ? await openBenchDatabase('fairway_bench') : null;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    SIMULATOR: 'off',
    SEED_DEMO: 'off',
    LOG_LEVEL: 'warn',
    ...database?.env,
    ...(external
      ? {
          MQTT_URL: external.url,
          MQTT_USERNAME: external.username,
          MQTT_PASSWORD: external.password,
          MQTT_DYNSEC: 'on',
        }
      : {}),
  });
  const log = pino({ level: 'warn' });
  const rt = await startRuntime(config, log);
  const { db } = rt.ctx;

  const [site] = await db
    .insert(sites)
    .values({
      name: 'Bench Links',
      country: 'United Kingdom',
      currency: 'GBP',
      centerLatLong: '56.349800, -2.813500',
      timezone: 'Europe/London',
      openingHours: Array.from({ length: 7 }, () => ({ openTime: '00:00', closeTime: '23:59' })),
    })
    .returning();
  const [admin] = await db
    .insert(users)
    .values({ email: 'bench-admin@example.com', passwordHash: 'unused', role: 'admin', sites: [site!.id] })
    .returning();
  // On an external broker the carts keep the same ids and secrets from run to run, so they are provisioned
  // once: Mosquitto 2.0's dynsec rewrites its JSON file after every command, which makes 2,000 carts take
  // a minute or two to create and as long to delete (docs/performance.md).
  const key = external?.password ?? randomToken();
  let created = 0;
  // Batches of 2,000 rows (6 parameters each) stay below PostgreSQL's 65,535 parameters per statement.
  const insertCarts = async (count: number): Promise<CartCredentials[]> => {
    const first = created;
    const carts = benchCarts(first, count, key);
    created += count;
    for (let offset = 0; offset < carts.length; offset += 2_000) {
      await db.insert(devices).values(
        carts.slice(offset, offset + 2_000).map((cart, j) => {
          const number = first + offset + j + 1;
          return {
            id: cart.deviceId,
            serial: `BENCH-${String(number).padStart(5, '0')}`,
            secretHash: hashToken(cart.secret),
            siteId: site!.id,
            carNumber: String(number),
            carName: `Bench ${number}`,
          };
        }),
      );
    }
    if (external) await provisionOnce(new DynsecClient(rt.gateway.client, log, 120_000), external.url, carts);
    return carts;
  };
  const carts = await insertCarts(cartCount);

  const serverBroker: Credentials = external
    ? { url: external.url, username: external.username, password: external.password }
    : {
        url: rt.mqttUrl,
        username: SERVER_MQTT_USERNAME,
        password: await platformSecret(db, 'mqtt-server-password'),
      };

  return {
    rt,
    serverBroker,
    siteId: site!.id,
    token: await sessionToken(rt, admin!.id, 'admin'),
    carts,
    addCarts: insertCarts,
    async stop() {
      await rt.stop();
      await database?.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Cart ids and secrets derived from `key` (HMAC-SHA256): stable across runs for one broker (the key is its
 * admin password, which grants everything there anyway), random per run on the embedded broker.
 */
function benchCarts(first: number, count: number, key: string): CartCredentials[] {
  const derive = (label: string) => createHmac('sha256', key).update(label).digest();
  return Array.from({ length: count }, (_, k) => {
    const i = first + k;
    const bytes = derive(`fairway-bench-cart-id-${i}`).subarray(0, 16);
    bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
    bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
    const hex = bytes.toString('hex');
    const deviceId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return { deviceId, secret: derive(`fairway-bench-cart-secret-${i}`).toString('base64url') };
  });
}

/** Creates the bench carts in dynsec unless the last one (created last) can already connect. */
const DYNSEC_CARTS_PER_MESSAGE = 100;

async function provisionOnce(
  dynsec: InstanceType<typeof DynsecClient>,
  url: string,
  carts: CartCredentials[],
): Promise<void> {
  const last = carts.at(-1)!;
  const probe = await mqtt
    .connectAsync(
      url,
      { username: last.deviceId, password: last.secret, clientId: last.deviceId, reconnectPeriod: 0 },
      false,
    )
    .catch(() => null);
  if (probe) {
    await probe.endAsync();
    return;
  }
  console.log(`Provisioning ${carts.length} bench carts in Mosquitto dynamic security (once per broker)…`);
  // 100 carts' commands are about 170 KB: under mosquitto.conf's max_packet_size (256 KB), which drops a
  // bigger dynsec message without a word (250 carts were ~420 KB).
  for (let i = 0; i < carts.length; i += DYNSEC_CARTS_PER_MESSAGE) {
    const slice = carts.slice(i, i + DYNSEC_CARTS_PER_MESSAGE);
    const answers = await dynsec.execute(
      slice.flatMap((cart) => registerCommands(cart.deviceId, cart.secret)),
    );
    // An earlier, interrupted run may have left some: give those this run's secret.
    const existing = slice.filter((_, j) => answers[j * 2 + 1]?.error === 'Client already exists');
    const failed = answers.find((answer) => answer.error && !/already exists/.test(answer.error));
    if (failed) throw new Error(`dynsec ${failed.command}: ${failed.error}`);
    if (existing.length > 0) {
      await dynsec.execute(
        existing.map((cart) => ({
          command: 'setClientPassword',
          username: cart.deviceId,
          password: cart.secret,
        })),
      );
    }
  }
}
