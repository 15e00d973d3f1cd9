import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../apps/server/src/config';
import { SERVER_MQTT_USERNAME, startRuntime, type Runtime } from '../../apps/server/src/runtime';
import { platformSecret } from '../../apps/server/src/modules/platform/platform.service';
import { DynsecClient } from '../../apps/server/src/broker/dynsec-client';
import { registerCommands, removeCommands } from '../../apps/server/src/broker/provisioner';
import { hashToken, randomToken } from '../../apps/server/src/lib/tokens';
import { devices } from '../../apps/server/src/modules/devices/devices.table';
import { sites } from '../../apps/server/src/modules/sites/sites.table';
import { users } from '../../apps/server/src/modules/users/users.table';
import type { CartCredentials, Credentials } from './protocol';

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
 * A whole server in this process on loopback: embedded PostgreSQL in a fresh temporary DATA_DIR, the
 * embedded Aedes (or the external broker given), HTTP and Socket.IO; plus a bench site with `cartCount`
 * carts inserted directly (it is a bench) and, on Mosquitto, provisioned in dynamic security in bulk.
 */
export async function bootBenchServer(
  cartCount: number,
  external: ExternalBroker | null,
): Promise<BenchServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fairway-bench-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its data directory.
  await fs.chmod(dataDir, 0o755);
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
  const secrets = Array.from({ length: cartCount }, () => randomToken());
  const rows = await db
    .insert(devices)
    .values(
      secrets.map((secret, i) => ({
        serial: `BENCH-${String(i + 1).padStart(4, '0')}`,
        secretHash: hashToken(secret),
        siteId: site!.id,
        carNumber: String(i + 1),
        carName: `Bench ${i + 1}`,
      })),
    )
    .returning({ id: devices.id });
  const carts = rows.map((row, i) => ({ deviceId: row.id, secret: secrets[i]! }));

  const dynsec = external ? new DynsecClient(rt.gateway.client, log, 60_000) : null;
  if (dynsec)
    await provision(
      dynsec,
      carts.flatMap((cart) => registerCommands(cart.deviceId, cart.secret)),
    );

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
    token: await rt.ctx.tokens.sign(admin!.id, 'admin', 3_600),
    carts,
    async stop() {
      if (dynsec)
        await provision(
          dynsec,
          carts.flatMap((cart) => removeCommands(cart.deviceId)),
        ).catch(() => undefined);
      await rt.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends dynsec commands in messages of 500; the plugin rewrites its JSON file once per message. */
async function provision(
  dynsec: DynsecClient,
  commands: Array<{ command: string } & Record<string, unknown>>,
) {
  for (let i = 0; i < commands.length; i += 500) {
    const answers = await dynsec.execute(commands.slice(i, i + 500));
    const failed = answers.find((answer) => answer.error && !/already exists|not found/.test(answer.error));
    if (failed) throw new Error(`dynsec ${failed.command}: ${failed.error}`);
  }
}
