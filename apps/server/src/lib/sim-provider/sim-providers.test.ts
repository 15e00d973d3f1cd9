import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import type { Db } from '../../db/client';
import { HttpSimProvider } from './http-sim-provider';
import { SandboxSimProvider } from './sandbox-sim-provider';
import { createSimProvider } from './sim-providers';

/** Which SIM provider the composition root builds, and the configuration it needs. */
describe('createSimProvider', () => {
  const db = {} as Db;
  const real = {
    SIM_PROVIDER_URL: 'https://cdn.emnify.net',
    SIM_PROVIDER_TOKEN: 'application-token',
    SIM_SERVICE_PROFILE_ID: '101',
    SIM_TARIFF_PROFILE_ID: '202',
  };

  it('is the sandbox without SIM_PROVIDER_URL and the HTTP client with it', () => {
    expect(createSimProvider(loadConfig({}), db)).toBeInstanceOf(SandboxSimProvider);
    expect(createSimProvider(loadConfig(real), db)).toBeInstanceOf(HttpSimProvider);
  });

  it('refuses SIM_PROVIDER_URL without its token and profiles, and profiles that are not numeric ids', () => {
    expect(() => loadConfig({ SIM_PROVIDER_URL: real.SIM_PROVIDER_URL })).toThrow(ConfigError);
    expect(() => loadConfig({ ...real, SIM_PROVIDER_TOKEN: undefined })).toThrow(/SIM_PROVIDER_TOKEN/);
    expect(() => loadConfig({ ...real, SIM_TARIFF_PROFILE_ID: 'basic' })).toThrow(/SIM_TARIFF_PROFILE_ID/);
  });
});
