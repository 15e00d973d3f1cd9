import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, webhooksMayReachPrivate } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.MQTT_PORT).toBe(1883);
    expect(config.SIMULATOR).toBe(true);
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('stops on a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SIMULATOR: 'maybe' })).toThrow(/SIMULATOR/);
  });

  it('needs the server password for an external broker', () => {
    expect(() => loadConfig({ MQTT_URL: 'mqtt://127.0.0.1:1883' })).toThrow(/MQTT_PASSWORD/);
    expect(loadConfig({ MQTT_URL: 'mqtt://127.0.0.1:1883', MQTT_PASSWORD: 'x' }).MQTT_URL).toBe(
      'mqtt://127.0.0.1:1883',
    );
  });

  it('turns the simulator off with SIMULATOR=off', () => {
    expect(loadConfig({ SIMULATOR: 'off' }).SIMULATOR).toBe(false);
  });

  it('lets webhooks reach private addresses unless in production or WEBHOOK_ALLOW_PRIVATE says otherwise', () => {
    expect(webhooksMayReachPrivate(loadConfig({}))).toBe(true);
    expect(webhooksMayReachPrivate(loadConfig({ NODE_ENV: 'production' }))).toBe(false);
    expect(webhooksMayReachPrivate(loadConfig({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE: 'on' }))).toBe(
      true,
    );
    expect(webhooksMayReachPrivate(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'false' }))).toBe(false);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'maybe' })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });
});
