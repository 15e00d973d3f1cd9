import type { CommandMessage, ConfigMessage, PendingUpdate } from '@fairway/domain';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { DomainEventBus } from './lib/events';
import type { FileStore } from './lib/file-store';
import type { AccessTokens } from './modules/auth/access-token';
import type { Mailer } from './modules/mail/mailer';
import type { PaymentProvider } from './modules/payments/payment-provider';
import type { buildServices } from './services';

/** The parts every service is built from; assembled once in runtime.ts. */
export interface CoreContext {
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  bus: DomainEventBus;
  tokens: AccessTokens;
  mail: Mailer;
  /** Public files (site logos and covers), served under /api/files/<key>. */
  files: FileStore;
  /** Files only signed, expiring URLs serve (firmware images), local or in the S3 bucket. */
  privateFiles: FileStore;
  /** True while the server's own MQTT client is connected to the broker. */
  brokerConnected(): boolean;
  /** When the device gateway last heard from a cart, or last (re)connected if it heard none since (epoch ms). */
  gatewayLastHeardAt(): number;
  /** This instance's own counters (GET /api/admin/instance): which instance handles what, with several. */
  instanceStats(): InstanceStats;
  /** Device credentials and ACLs in an external broker (Mosquitto dynamic security); no-op when embedded. */
  deviceProvisioner: DeviceProvisioner;
  /** Where commands and configs leave for the carts: the device gateway's publishing connection. */
  deviceChannel: DeviceChannel;
  /** The card payment provider: Stripe when STRIPE_SECRET_KEY is set, else the embedded sandbox. */
  payments: PaymentProvider;
}

/** One server instance's operational counters since it started (docs/operations.md, "Production layout"). */
export interface InstanceStats {
  /** The instance's MQTT client id (MQTT_CLIENT_ID, default `{username}-{hostname}`), unique per instance. */
  instance: string;
  startedAt: Date;
  /** Whether the broker splits the carts' messages between instances (MQTT 5 `$share` group). */
  sharedSubscriptions: boolean;
  /** Device messages this instance received from the broker, the invalid ones among them, positions it stored. */
  deviceMessages: { received: number; invalid: number; handlerFailures: number; positionsWritten: number };
  /** Durable job runs this instance made, by kind (both runners). */
  jobRuns: Record<string, number>;
}

/** What services send to carts (QoS 1; a config retained, so an offline cart gets it when it reconnects). */
export interface DeviceChannel {
  sendCommand(deviceId: string, command: CommandMessage): Promise<void>;
  sendConfig(deviceId: string, config: ConfigMessage): Promise<void>;
}

/**
 * What route plugins, jobs and gateways get: the core parts and every service, each built once from them
 * in services.ts (the composition root's second half).
 */
export type AppContext = ReturnType<typeof buildServices>;

export interface DeviceConfigPublisher {
  /**
   * Builds each cart's config from the site's current settings, codes and zones, bumps its version,
   * marks `parts` as pending on the cart until it acknowledges, and publishes it retained with QoS 1.
   */
  publishSite(siteId: string, parts: PendingUpdate[]): Promise<{ devices: number }>;
  publishDevices(deviceIds: string[], parts: PendingUpdate[]): Promise<{ devices: number }>;
  /** Hands every cart's stored config to the broker again (start, broker session lost). */
  republishAll(): Promise<number>;
}

export interface DeviceProvisioner {
  register(deviceId: string, secret: string): Promise<void>;
  remove(deviceId: string): Promise<void>;
}
