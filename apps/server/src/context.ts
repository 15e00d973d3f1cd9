import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { DomainEventBus } from './lib/events';
import type { AccessTokens } from './modules/auth/access-token';
import type { Mailer } from './modules/mail/mailer';

/** What route plugins and services are built from; assembled once in runtime.ts. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  bus: DomainEventBus;
  tokens: AccessTokens;
  mail: Mailer;
  /** True while the server's own MQTT client is connected to the broker. */
  brokerConnected(): boolean;
  /** Device credentials and ACLs in an external broker (Mosquitto dynamic security); no-op when embedded. */
  deviceProvisioner: DeviceProvisioner;
}

export interface DeviceProvisioner {
  register(deviceId: string, secret: string): Promise<void>;
  remove(deviceId: string): Promise<void>;
}
