import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from './config';
import type { AppContext, DeviceProvisioner } from './context';
import { buildApp } from './app';
import { connectDatabase, runMigrations } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { DomainEventBus } from './lib/events';
import { LocalFileStore } from './lib/file-store';
import { AccessTokens } from './modules/auth/access-token';
import { Mailer } from './modules/mail/mailer';
import { platformSecret } from './modules/platform/platform.service';
import { seedDemo } from './demo/demo-seed';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker/embedded-broker';
import { createDeviceProvisioner } from './broker/provisioner';
import { startDeviceGateway, type DeviceGateway } from './devices/gateway/device-gateway';
import { attachRealtime, type RealtimeGateway } from './realtime/realtime-gateway';
import { startDemoFleet, type DemoFleet } from './demo/demo-fleet';
import { DeviceConfigService } from './modules/device-config/device-config.service';
import { CommandsRepository } from './modules/commands/commands.repository';
import { CommandsService } from './modules/commands/commands.service';
import { SitesRepository } from './modules/sites/sites.repository';
import { JobRunner } from './jobs/job-runner';
import { attachZoneAlerts } from './modules/zones/zone-alerts';
import { attachCodeRides } from './modules/rides/code-rides';
import { buildServices } from './services';
import { registerCartJobs } from './jobs/cart-jobs';
import { createPaymentProvider, sandboxOf } from './modules/payments/payment-providers';
import { registerPaymentJobs } from './modules/payments/payment-jobs';

/** Everything a running Fairway server is made of, in start order; `stop()` tears it down in reverse. */
export interface Runtime {
  ctx: AppContext;
  app: FastifyInstance;
  /** http://host:port the HTTP server listens on */
  url: string;
  /** The broker URL devices connect to */
  mqttUrl: string;
  gateway: DeviceGateway;
  jobs: JobRunner;
  demoFleet: DemoFleet | null;
  stop(): Promise<void>;
}

export const SERVER_MQTT_USERNAME = 'fairway-server';

/** What the device gateway hands the carts' acks and events to. */
interface DeviceServices {
  commands: CommandsService;
  deviceConfig: DeviceConfigService;
  codeRides: ReturnType<typeof attachCodeRides>;
}

export async function startRuntime(config: Config, log: Logger = createLogger(config)): Promise<Runtime> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) {
      await fn().catch((error: unknown) => log.error({ err: error }, 'error while stopping'));
    }
  };
  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const embedded: EmbeddedDatabase = await startEmbeddedPostgres(
        config.dataDir,
        config.EMBEDDED_PG_PORT,
        log,
      );
      stops.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }
    const database = connectDatabase(databaseUrl);
    stops.push(() => database.close());
    await runMigrations(database);

    const jwtSecret = config.JWT_SECRET ?? (await platformSecret(database.db, 'jwt-secret'));
    if (config.SEED_DEMO) await seedDemo(database.db, log, config.publicUrl);

    let mqttUrl: string;
    let mqttPassword: string;
    if (config.MQTT_URL) {
      if (!config.MQTT_PASSWORD)
        throw new Error('MQTT_PASSWORD: required when MQTT_URL names an external broker');
      mqttUrl = config.MQTT_URL;
      mqttPassword = config.MQTT_PASSWORD;
    } else {
      mqttPassword = await platformSecret(database.db, 'mqtt-server-password');
      const broker: EmbeddedBroker = await startEmbeddedBroker({
        port: config.MQTT_PORT,
        wsPort: config.MQTT_WS_PORT,
        db: database.db,
        serverUsername: SERVER_MQTT_USERNAME,
        serverPassword: mqttPassword,
        log,
      });
      stops.push(() => broker.close());
      mqttUrl = broker.url;
    }

    const bus = new DomainEventBus();
    // Acks and events queued in the server's session arrive right after it connects, before the services
    // below exist: their handling waits for them (the broker gets no PUBACK meanwhile, so nothing is lost).
    let wire!: (services: DeviceServices) => void;
    const wired = new Promise<DeviceServices>((resolve) => (wire = resolve));
    const gateway: DeviceGateway = await startDeviceGateway({
      url: mqttUrl,
      username: config.MQTT_URL ? config.MQTT_USERNAME : SERVER_MQTT_USERNAME,
      password: mqttPassword,
      clientId: config.MQTT_CLIENT_ID,
      db: database.db,
      bus,
      log,
      handlers: {
        ack: async (deviceId, ack, receivedAt) =>
          (await wired).commands.acknowledged(deviceId, ack, receivedAt),
        'config/ack': async (deviceId, ack) => (await wired).deviceConfig.acknowledged(deviceId, ack),
        event: async (deviceId, event) => {
          const services = await wired;
          bus.emit('device.event', deviceId, event);
          await services.codeRides.event(deviceId, event);
        },
      },
    });
    stops.push(() => gateway.close());
    const deviceProvisioner: DeviceProvisioner = createDeviceProvisioner(
      config.MQTT_DYNSEC ? gateway.client : null,
      log,
    );

    const deviceConfig = new DeviceConfigService(database.db, gateway, bus, log);
    await republishConfigs(deviceConfig, gateway, log);
    const commands = new CommandsService(
      new CommandsRepository(database.db),
      new SitesRepository(database.db),
      gateway,
      deviceConfig,
      bus,
      log,
    );

    const payments = await createPaymentProvider(config, database.db, log);
    const ctx: AppContext = buildServices({
      config,
      database,
      db: database.db,
      log,
      bus,
      tokens: new AccessTokens(jwtSecret),
      mail: new Mailer(database.db, log, config.SMTP_URL, config.MAIL_FROM),
      files: new LocalFileStore(path.join(config.dataDir, 'files', 'public')),
      brokerConnected: () => gateway.connected(),
      gatewayLastHeardAt: () => gateway.lastHeardAt(),
      deviceProvisioner,
      deviceConfig,
      commands,
      payments,
    });

    const detachZoneAlerts = attachZoneAlerts(ctx);
    stops.push(async () => detachZoneAlerts());
    const codeRides = attachCodeRides(ctx);
    stops.push(async () => codeRides.detach());
    wire({ commands, deviceConfig, codeRides });

    const jobs = new JobRunner(database.db, log);
    await registerCartJobs(jobs, { db: database.db, commands, log, rides: ctx.rides.lifecycle });
    const detachPaymentJobs = await registerPaymentJobs(jobs, ctx);
    stops.push(async () => detachPaymentJobs());
    if (config.JOBS) {
      jobs.start();
      stops.push(() => jobs.stop());
    }

    const app = await buildApp(ctx);
    const realtime: RealtimeGateway = await attachRealtime(app.server, ctx);
    stops.push(() => realtime.close());
    stops.push(() => app.close());
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    // The sandbox posts its webhooks to this server's own endpoint, as Stripe would from outside.
    sandboxOf(payments)?.deliverTo(`http://127.0.0.1:${port}/api/payments/webhook`);

    let demoFleet: DemoFleet | null = null;
    if (config.SIMULATOR) {
      demoFleet = await startDemoFleet(ctx, mqttUrl);
      stops.push(() => demoFleet!.stop());
    }
    return { ctx, app, url: `http://127.0.0.1:${port}`, mqttUrl, gateway, jobs, demoFleet, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Every cart's last config goes to the broker again at start, and again whenever the broker lost our
 * session (a restarted broker may have lost its retained messages with it).
 */
async function republishConfigs(configs: DeviceConfigService, gateway: DeviceGateway, log: Logger) {
  const republish = () =>
    configs
      .republishAll()
      .then((count) => log.info({ count }, 'device configs republished'))
      .catch((error: unknown) => log.error({ err: error }, 'republishing device configs failed'));
  await republish();
  await configs
    .publishUnconfigured()
    .catch((error: unknown) => log.error({ err: error }, 'publishing first device configs failed'));
  gateway.client.on('connect', (connack) => {
    if (!connack.sessionPresent) void republish();
  });
}

export function createLogger(config: Config): Logger {
  const pretty = process.stdout.isTTY && config.NODE_ENV !== 'production';
  return pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', '*.password', '*.secret', '*.refreshToken'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}),
  });
}
