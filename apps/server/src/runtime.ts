import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from './config';
import type { AppContext, DeviceProvisioner } from './context';
import { buildApp } from './app';
import { connectDatabase, runMigrations } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { DomainEventBus } from './lib/events';
import { createFileStores } from './lib/file-stores';
import { AccessTokens } from './modules/auth/access-token';
import { Mailer } from './modules/mail/mailer';
import { platformSecret } from './modules/platform/platform.service';
import { seedDemo, seedDemoBookings } from './demo/demo-seed';
import { seedDemoCourses } from './demo/demo-courses';
import { startBrokerThread, type BrokerThread } from './broker/broker-thread';
import { createDeviceProvisioner } from './broker/provisioner';
import { syncDeviceRoles } from './broker/role-sync';
import { startDeviceGateway, type DeviceGateway } from './devices/gateway/device-gateway';
import { DeviceMessageDispatcher } from './devices/gateway/device-message-dispatcher';
import { attachRealtime, type RealtimeGateway } from './realtime/realtime-gateway';
import { startDemoFleet, type DemoFleet } from './demo/demo-fleet';
import type { DeviceConfigService } from './modules/device-config/device-config.service';
import { JobRunner } from './jobs/job-runner';
import { attachCodeRides } from './modules/rides/code-rides';
import { buildServices } from './services';
import { registerCartJobs } from './jobs/cart-jobs';
import { createPaymentProvider, sandboxOf } from './modules/payments/payment-providers';
import { registerPaymentJobs } from './modules/payments/payment-jobs';
import { registerBookingJobs } from './modules/bookings/booking-jobs';
import { registerRideOverrunJobs } from './modules/rides/ride-overrun.jobs';
import { registerSimJobs } from './modules/sim-cards/sim-jobs';
import { registerDeviceLogJobs } from './modules/device-logs/device-log-jobs';
import { registerPositionsPartitionJobs } from './modules/history/positions-partition-jobs';
import { registerWebhookJobs } from './modules/webhooks/webhook-jobs';

/** Everything a running Fairway server is made of, in start order; `stop()` tears it down in reverse. */
export interface Runtime {
  ctx: AppContext;
  app: FastifyInstance;
  /** http://host:port the HTTP server listens on */
  url: string;
  /** The broker URL devices connect to */
  mqttUrl: string;
  gateway: DeviceGateway;
  /** The one road of device messages; tests and the bench plug their own ack handling into it. */
  deviceMessages: DeviceMessageDispatcher;
  jobs: JobRunner;
  /** The outbound webhooks' own runner (a delivery waits on a partner's server); tests run it by hand. */
  webhookJobs: JobRunner;
  demoFleet: DemoFleet | null;
  /** The embedded broker's worker thread; null with an external broker (MQTT_URL). */
  broker: BrokerThread | null;
  stop(): Promise<void>;
}

export const SERVER_MQTT_USERNAME = 'fairway-server';

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
    if (config.SEED_DEMO) {
      await seedDemo(database.db, log, config.publicUrl);
      await seedDemoBookings(database.db, log);
      // Every start, so a database seeded before courses existed gets them too; a club's own layout stays.
      await seedDemoCourses(database.db, log);
    }

    let mqttUrl: string;
    let mqttPassword: string;
    let embeddedBroker: BrokerThread | null = null;
    if (config.MQTT_URL) {
      if (!config.MQTT_PASSWORD)
        throw new Error('MQTT_PASSWORD: required when MQTT_URL names an external broker');
      mqttUrl = config.MQTT_URL;
      mqttPassword = config.MQTT_PASSWORD;
    } else {
      mqttPassword = await platformSecret(database.db, 'mqtt-server-password');
      // Off the main event loop: Aedes parses and routes every report in a worker thread of its own.
      const broker: BrokerThread = await startBrokerThread({
        port: config.MQTT_PORT,
        wsPort: config.MQTT_WS_PORT,
        db: database.db,
        serverUsername: SERVER_MQTT_USERNAME,
        serverPassword: mqttPassword,
        log,
      });
      stops.push(() => broker.close());
      mqttUrl = broker.url;
      embeddedBroker = broker;
    }

    const bus = new DomainEventBus();
    // Every device message takes one road: gateway (transport) → dispatcher → writer, services, reactions.
    const deviceMessages = new DeviceMessageDispatcher(database.db, bus, log);
    const gateway: DeviceGateway = await startDeviceGateway({
      url: mqttUrl,
      username: config.MQTT_URL ? config.MQTT_USERNAME : SERVER_MQTT_USERNAME,
      password: mqttPassword,
      clientId: config.MQTT_CLIENT_ID,
      sessionExpirySeconds: config.MQTT_SESSION_EXPIRY_SECONDS,
      dispatcher: deviceMessages,
      // The embedded broker hands carts' messages over in-process: no MQTT encoding and parsing per report.
      source: config.MQTT_HANDOVER ? embeddedBroker?.deviceMessages : undefined,
      log,
    });
    stops.push(() => gateway.close());
    const deviceProvisioner: DeviceProvisioner = createDeviceProvisioner(
      config.MQTT_DYNSEC ? gateway.client : null,
      log,
      embeddedBroker,
    );
    // Carts registered by an older server get the ACLs of the channels added since (issue 20: `log`).
    if (config.MQTT_DYNSEC)
      await syncDeviceRoles(gateway.client, database.db, log).catch((error: unknown) =>
        log.error(
          { err: error },
          'bringing device roles up to date failed: carts may be refused new channels',
        ),
      );

    const payments = await createPaymentProvider(config, database.db, log);
    // Signed file URLs name the address carts reach: PUBLIC_URL, else where this server listens.
    let listeningUrl = config.publicUrl;
    const fileStores = await createFileStores(
      config,
      await platformSecret(database.db, 'file-url-secret'),
      () => config.PUBLIC_URL ?? listeningUrl,
    );
    stops.push(async () => fileStores.close());
    const jobs = new JobRunner(database.db, log);
    // A webhook delivery waits on a partner's server (up to 10 s each): a runner of its own, so a slow
    // receiver never delays a cart's lock or a paid unlock on the runner `jobs`.
    const webhookJobs = new JobRunner(database.db, log);
    const startedAt = new Date();
    const ctx: AppContext = buildServices({
      config,
      database,
      db: database.db,
      log,
      bus,
      tokens: new AccessTokens(jwtSecret),
      mail: new Mailer(database.db, log, config.SMTP_URL, config.MAIL_FROM),
      files: fileStores.files,
      privateFiles: fileStores.privateFiles,
      brokerConnected: () => gateway.connected() && (embeddedBroker?.running() ?? true),
      gatewayLastHeardAt: () => gateway.lastHeardAt(),
      instanceStats: () => {
        const stats = gateway.stats();
        const jobRuns = { ...jobs.runCounts() };
        for (const [kind, runs] of Object.entries(webhookJobs.runCounts()))
          jobRuns[kind] = (jobRuns[kind] ?? 0) + runs;
        return {
          instance: stats.clientId,
          startedAt,
          sharedSubscriptions: stats.sharedSubscriptions,
          deviceMessages: {
            received: stats.received,
            invalid: stats.invalid,
            handlerFailures: stats.handlerFailures,
            positionsWritten: stats.writer.positionsWritten,
          },
          jobRuns,
        };
      },
      deviceProvisioner,
      deviceChannel: gateway,
      payments,
    });
    const { commands, deviceConfig } = ctx;
    await republishConfigs(deviceConfig, gateway, log);

    // The reactions to carts subscribe before the acks are plugged in: a cart's event waits for both.
    const detachZoneAlerts = ctx.zoneAlerts.attach();
    stops.push(async () => detachZoneAlerts());
    const detachCodeRides = attachCodeRides(ctx);
    stops.push(async () => detachCodeRides());
    const detachFirmware = ctx.firmwareUpdates.attach();
    stops.push(async () => detachFirmware());
    // Outbound webhooks (issue 23 item 2) follow rides, bookings, zone alerts and carts going offline.
    const detachWebhooks = ctx.webhooks.sources.attach();
    stops.push(async () => detachWebhooks());
    deviceMessages.attach({
      commandAck: (deviceId, ack, receivedAt) => commands.acknowledged(deviceId, ack, receivedAt),
      configAck: (deviceId, ack) => deviceConfig.acknowledged(deviceId, ack),
      systemLog: (deviceId, batch) => ctx.deviceLogs.storeSystemLog(deviceId, batch),
    });

    await registerCartJobs(jobs, {
      db: database.db,
      commands,
      log,
      rides: ctx.rides.lifecycle,
      auth: ctx.auth,
      historyRollup: ctx.historyRollup,
    });
    const detachPaymentJobs = await registerPaymentJobs(jobs, ctx);
    await registerBookingJobs(jobs, ctx);
    await registerRideOverrunJobs(jobs, ctx.rides.overrun);
    registerSimJobs(jobs, ctx);
    await registerDeviceLogJobs(jobs, ctx);
    await registerPositionsPartitionJobs(jobs, ctx);
    stops.push(() => ctx.simCards.close());
    stops.push(async () => detachPaymentJobs());
    if (config.JOBS) {
      jobs.start();
      stops.push(() => jobs.stop());
    }
    await registerWebhookJobs(webhookJobs, ctx);
    if (config.JOBS) {
      webhookJobs.start();
      stops.push(() => webhookJobs.stop());
    }

    const app = await buildApp(ctx);
    const realtime: RealtimeGateway = await attachRealtime(app.server, ctx);
    stops.push(() => realtime.close());
    stops.push(() => app.close());
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    listeningUrl = `http://127.0.0.1:${port}`;
    // The sandbox posts its webhooks to this server's own endpoint, as Stripe would from outside.
    sandboxOf(payments)?.deliverTo(`http://127.0.0.1:${port}/api/payments/webhook`);

    let demoFleet: DemoFleet | null = null;
    if (config.SIMULATOR) {
      demoFleet = await startDemoFleet(ctx, mqttUrl);
      stops.push(() => demoFleet!.stop());
    }
    return {
      ctx,
      app,
      url: `http://127.0.0.1:${port}`,
      mqttUrl,
      gateway,
      deviceMessages,
      jobs,
      webhookJobs,
      demoFleet,
      broker: embeddedBroker,
      stop,
    };
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
