import path from 'node:path';
import { z } from 'zod';
import { parseS3Url, S3UrlError, type S3Location } from './lib/s3-location';

/**
 * Environment → typed configuration. Every variable is validated once at start; a bad value stops the
 * start with a message naming the variable (README lists them all with their defaults).
 */
// 0 asks the OS for a free port (tests).
const port = z.coerce.number().int().min(0).max(65535);
const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');
const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /**
   * Which proxies may set X-Forwarded-For: off (default), a hop count, or a comma-separated list of
   * addresses/CIDRs. Trusting every proxy would let a client forge its address past the login rate limit.
   */
  TRUST_PROXY: z
    .string()
    .default('off')
    .refine((value) => value === 'off' || /^\d+$/.test(value) || /^[\d.:/a-f, ]+$/i.test(value), {
      message: "must be 'off', a hop count, or a comma-separated list of proxy addresses",
    }),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  EMBEDDED_PG_PORT: port.default(5488),
  MQTT_URL: url(['mqtt:', 'mqtts:', 'tcp:']).optional(),
  MQTT_PORT: port.default(1883),
  MQTT_WS_PORT: port.optional(),
  MQTT_USERNAME: z.string().min(1).default('fairway-server'),
  /** The server's MQTT session; unique per instance (default: username and host name). */
  MQTT_CLIENT_ID: z.string().min(1).max(128).optional(),
  MQTT_PASSWORD: z.string().min(1).optional(),
  /**
   * How long the broker keeps the server's MQTT session (and queues its QoS 1 messages) while the server is
   * away. One instance: an hour, so a restart misses no status, ack or event. Several instances sharing the
   * `$share` group: 0, because Mosquitto keeps handing a departed member's share to its session until the
   * session expires (telemetry, QoS 0, is dropped meanwhile): with 0 the others take it over at once
   * (docs/operations.md, "Production layout").
   */
  MQTT_SESSION_EXPIRY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3_600),
  MQTT_DYNSEC: onOff.default(false),
  /**
   * The embedded broker hands carts' messages to the server in-process (docs/decisions.md, "Carts' messages
   * reach the server without an MQTT hop"); off: over the server's MQTT subscription, as from an external
   * broker (a fallback, and the tests of that path on the default lane).
   */
  MQTT_HANDOVER: onOff.default(true),
  /**
   * /api/health calls the device gateway deaf when it heard no cart for this long while carts count as
   * connected. A connected cart reports at least every 30 s (lowPower; 15 s standing): twice that.
   */
  DEVICE_SILENCE_SECONDS: z.coerce.number().int().min(5).default(60),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  SIMULATOR: onOff.default(true),
  /** Share of the demo's simulated carts out on a round at any time (demo/demo-fleet.ts). */
  DEMO_ACTIVITY: z.coerce.number().min(0).max(1).default(0.6),
  /** Durable jobs (auto-lock, scheduled lock, round timeout, command expiry, housekeeping) on this instance. */
  JOBS: onOff.default(true),
  SEED_DEMO: onOff.default(true),
  /**
   * Whole months of raw positions kept before the current one (monthly partitions; older ones are dropped
   * once the ride history has rolled them up; docs/operations.md, Sizing). 0 keeps them all.
   */
  POSITIONS_RETENTION_MONTHS: z.coerce.number().int().min(0).max(120).default(13),
  JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  /** Files (site pictures, firmware) in an S3-compatible bucket instead of DATA_DIR/files (lib/s3-file-store.ts). */
  S3_URL: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseS3Url(value);
      } catch (error) {
        if (!(error instanceof S3UrlError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
      }
    })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Fairway <no-reply@fairway.local>'),
  /**
   * The GBFS feeds' `feed_contact_email` (issue 23: required by GBFS v3.0), a role address for technical
   * questions about the open data, never a person's; unset: the address MAIL_FROM sends from.
   */
  GBFS_CONTACT_EMAIL: z.email({ message: 'must be an email address' }).optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Stripe Connect instead of the sandbox provider (issue #7); the webhook secret is then required. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, { message: 'must be a Stripe secret key (sk_test_… or sk_live_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Another Stripe API address (a local fake in tests); default Stripe's own. */
  STRIPE_API_URL: url(['http:', 'https:']).optional(),
  /** How long a paid unlock may stay unconfirmed by the cart before the payment is refunded. */
  PAID_UNLOCK_REFUND_SECONDS: z.coerce.number().int().min(30).max(3600).default(120),
  /**
   * Whether outbound webhooks may go to private, loopback and link-local addresses (docs/webhooks.md). Unset:
   * allowed except with NODE_ENV=production (the demo and tests receive on 127.0.0.1; a production server
   * must not become a proxy into its own network). Read through `webhooksMayReachPrivate`.
   */
  WEBHOOK_ALLOW_PRIVATE: onOff.optional(),
  /**
   * The users' support-tool export goes to Crisp (people profiles of this website, plugin token) when all
   * three are set, else to the local directory (table support_contacts); docs/decisions.md says why.
   */
  CRISP_IDENTIFIER: z.string().min(1).optional(),
  CRISP_KEY: z.string().min(1).optional(),
  CRISP_WEBSITE_ID: z.string().min(1).optional(),
  /** Another Crisp API address (a local fake in tests); default Crisp's own. */
  CRISP_API_URL: url(['http:', 'https:']).optional(),
  /**
   * The SIM provider (spec §7, emnify-shaped) when SIM_PROVIDER_URL is set, with its application token and the
   * fixed service and tariff profiles new endpoints get; unset = the local sandbox (docs/sim-provider.md).
   */
  SIM_PROVIDER_URL: url(['http:', 'https:']).optional(),
  SIM_PROVIDER_TOKEN: z.string().min(1).optional(),
  SIM_SERVICE_PROFILE_ID: z.string().regex(/^\d+$/, { message: 'must be the numeric profile id' }).optional(),
  SIM_TARIFF_PROFILE_ID: z.string().regex(/^\d+$/, { message: 'must be the numeric profile id' }).optional(),
  TILE_STREET_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TILE_STREET_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  TILE_SATELLITE_URL: z
    .string()
    .min(1)
    .default('https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}'),
  TILE_SATELLITE_ATTRIBUTION: z.string().default('Tiles © Esri'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  dataDir: string;
  publicUrl: string;
  /** The bucket behind S3_URL; null: files on the local disk. */
  s3: S3Location | null;
}

export class ConfigError extends Error {}

/** WEBHOOK_ALLOW_PRIVATE as decided: its value when set, else everywhere but in production. */
export const webhooksMayReachPrivate = (config: Pick<Env, 'WEBHOOK_ALLOW_PRIVATE' | 'NODE_ENV'>): boolean =>
  config.WEBHOOK_ALLOW_PRIVATE ?? config.NODE_ENV !== 'production';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  if (value.MQTT_URL && !value.MQTT_PASSWORD) {
    throw new ConfigError(
      'Invalid configuration:\n  MQTT_PASSWORD: required when MQTT_URL names an external broker',
    );
  }
  if (value.STRIPE_SECRET_KEY && !value.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
    );
  }
  const crisp = [value.CRISP_IDENTIFIER, value.CRISP_KEY, value.CRISP_WEBSITE_ID];
  if (crisp.some((part) => part !== undefined) && crisp.some((part) => part === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  CRISP_IDENTIFIER, CRISP_KEY, CRISP_WEBSITE_ID: set all three or none',
    );
  }
  const simProvider = [value.SIM_PROVIDER_TOKEN, value.SIM_SERVICE_PROFILE_ID, value.SIM_TARIFF_PROFILE_ID];
  if (value.SIM_PROVIDER_URL && simProvider.some((part) => part === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  SIM_PROVIDER_TOKEN, SIM_SERVICE_PROFILE_ID, SIM_TARIFF_PROFILE_ID: required when SIM_PROVIDER_URL is set',
    );
  }
  return {
    ...value,
    dataDir: path.resolve(value.DATA_DIR),
    publicUrl: value.PUBLIC_URL ?? `http://localhost:${value.PORT}`,
    s3: value.S3_URL ? parseS3Url(value.S3_URL) : null,
  };
}
