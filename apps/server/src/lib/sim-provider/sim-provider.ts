import type { SimConnectivity } from '@fairway/domain';

/**
 * The SIM provider of spec §7 (emnify-shaped): endpoints (a tracker as the provider knows it) that hold a SIM,
 * and the SIMs themselves. `HttpSimProvider` talks to the real one; `SandboxSimProvider` is the working local
 * one used when SIM_PROVIDER_URL is unset (docs/sim-provider.md). Ids are the provider's, kept as text.
 */
export interface SimProvider {
  getEndpoint(endpointId: string): Promise<SimEndpoint>;
  connectivity(endpointId: string): Promise<SimConnectivity>;
  getSim(simId: string): Promise<SimCard>;
  /** The SIM with this ICCID, or null when the provider has none. */
  findSimByIccid(iccid: string): Promise<SimCard | null>;
  /** Creates an endpoint holding the SIM; answers its id. */
  createEndpoint(endpoint: NewSimEndpoint): Promise<string>;
  updateEndpoint(endpointId: string, patch: SimEndpointPatch): Promise<void>;
  updateSim(simId: string, patch: { status: number }): Promise<void>;
  deleteEndpoint(endpointId: string): Promise<void>;
}

export interface SimEndpoint {
  id: string;
  name: string;
  tags: string;
  /** 0 enabled, 1 disabled */
  status: number;
  simId: string | null;
  iccid: string | null;
}

export interface SimCard {
  id: string;
  iccid: string;
  /** 1 active, 2 suspended (0 issued, never activated) */
  status: number;
  endpointId: string | null;
}

export interface NewSimEndpoint {
  name: string;
  tags: string;
  status: number;
  simId: string;
}

export interface SimEndpointPatch {
  status?: number;
  name?: string;
  tags?: string;
  simId?: string;
}

/** Every call to the provider gives up after this long (spec §9: SIM provider 8 s). */
export const SIM_PROVIDER_TIMEOUT_MS = 8_000;

export type SimProviderFailure = 'notFound' | 'refused' | 'unavailable';

/**
 * A provider call that did not succeed: `notFound` (404), `refused` (another 4xx, with the provider's own
 * message) or `unavailable` (timeout, network, 5xx). The service turns each into its HTTP answer.
 */
export class SimProviderError extends Error {
  constructor(
    readonly kind: SimProviderFailure,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'SimProviderError';
  }
}

export const isSimNotFound = (error: unknown): boolean =>
  error instanceof SimProviderError && error.kind === 'notFound';
