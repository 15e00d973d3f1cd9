import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpSimProvider } from './http-sim-provider';
import { SandboxSimProvider } from './sandbox-sim-provider';
import type { SimProvider } from './sim-provider';

/** The real provider when SIM_PROVIDER_URL is set (config requires its token and profiles with it), else the sandbox. */
export function createSimProvider(config: Config, db: Db): SimProvider {
  if (config.SIM_PROVIDER_URL)
    return new HttpSimProvider({
      baseUrl: config.SIM_PROVIDER_URL,
      applicationToken: config.SIM_PROVIDER_TOKEN!,
      serviceProfileId: config.SIM_SERVICE_PROFILE_ID!,
      tariffProfileId: config.SIM_TARIFF_PROFILE_ID!,
    });
  return new SandboxSimProvider(db);
}
