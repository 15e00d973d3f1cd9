import { SIM_CONNECTIVITY, type SimConnectivity } from '@fairway/domain';
import {
  SIM_PROVIDER_TIMEOUT_MS,
  SimProviderError,
  type NewSimEndpoint,
  type SimCard,
  type SimEndpoint,
  type SimEndpointPatch,
  type SimProvider,
} from './sim-provider';

export interface HttpSimProviderOptions {
  /** The provider's address, e.g. https://cdn.emnify.net (paths start with /api/v1). */
  baseUrl: string;
  /** The application token exchanged for a bearer token at /api/v1/authenticate. */
  applicationToken: string;
  serviceProfileId: string;
  tariffProfileId: string;
  timeoutMs?: number;
}

/** The provider's JSON as documented (emnify REST API v1); only the fields Fairway reads. */
interface StatusJson {
  id?: number;
  description?: string;
}
interface SimJson {
  id: number | string;
  iccid?: string;
  status?: StatusJson;
  endpoint?: { id: number | string } | null;
}
interface EndpointJson {
  id: number | string;
  name?: string;
  tags?: string | null;
  status?: StatusJson;
  sim?: { id: number | string; iccid?: string } | null;
}

/** Numeric ids go out as numbers, as the provider's documented payloads carry them. */
const idValue = (value: string): number | string => (/^\d+$/.test(value) ? Number(value) : value);

/**
 * The real SIM provider client (spec §7, emnify REST API): a bearer token from the application token, kept
 * and renewed once when a call answers 401; every call times out after 8 s (spec §9).
 */
export class HttpSimProvider implements SimProvider {
  private token: Promise<string> | null = null;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: HttpSimProviderOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? SIM_PROVIDER_TIMEOUT_MS;
  }

  async getEndpoint(endpointId: string): Promise<SimEndpoint> {
    const json = await this.call<EndpointJson>('GET', `/api/v1/endpoint/${encodeURIComponent(endpointId)}`);
    return {
      id: String(json.id),
      name: json.name ?? '',
      tags: json.tags ?? '',
      status: json.status?.id ?? 0,
      simId: json.sim ? String(json.sim.id) : null,
      iccid: json.sim?.iccid ?? null,
    };
  }

  async connectivity(endpointId: string): Promise<SimConnectivity> {
    const json = await this.call<{ status?: StatusJson }>(
      'GET',
      `/api/v1/endpoint/${encodeURIComponent(endpointId)}/connectivity`,
    );
    const state = json.status?.description;
    return (SIM_CONNECTIVITY as readonly string[]).includes(state ?? '')
      ? (state as SimConnectivity)
      : 'OFFLINE';
  }

  async getSim(simId: string): Promise<SimCard> {
    return toSim(await this.call<SimJson>('GET', `/api/v1/sim/${encodeURIComponent(simId)}`));
  }

  async findSimByIccid(iccid: string): Promise<SimCard | null> {
    const query = new URLSearchParams({ q: `iccid:${iccid}` });
    const list = await this.call<SimJson[]>('GET', `/api/v1/sim?${query.toString()}`);
    const match = list.find((sim) => sim.iccid === iccid) ?? (list.length === 1 ? list[0] : undefined);
    return match ? toSim(match) : null;
  }

  async createEndpoint(endpoint: NewSimEndpoint): Promise<string> {
    const { body, location } = await this.request('POST', '/api/v1/endpoint', {
      name: endpoint.name,
      tags: endpoint.tags,
      status: { id: endpoint.status },
      sim: { id: idValue(endpoint.simId) },
      service_profile: { id: idValue(this.options.serviceProfileId) },
      tariff_profile: { id: idValue(this.options.tariffProfileId) },
    });
    // The provider answers 201 with the new endpoint's address in Location (some versions also in the body).
    const fromBody = (body as { id?: number | string } | null)?.id;
    const id = fromBody !== undefined ? String(fromBody) : location?.match(/\/endpoint\/([^/?#]+)/)?.[1];
    if (!id) throw new SimProviderError('unavailable', 'The SIM provider did not say which endpoint it made');
    return id;
  }

  async updateEndpoint(endpointId: string, patch: SimEndpointPatch): Promise<void> {
    await this.call('PATCH', `/api/v1/endpoint/${encodeURIComponent(endpointId)}`, {
      ...(patch.status !== undefined ? { status: { id: patch.status } } : {}),
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.tags !== undefined ? { tags: patch.tags } : {}),
      ...(patch.simId !== undefined ? { sim: { id: idValue(patch.simId) } } : {}),
    });
  }

  async updateSim(simId: string, patch: { status: number }): Promise<void> {
    await this.call('PATCH', `/api/v1/sim/${encodeURIComponent(simId)}`, { status: { id: patch.status } });
  }

  async deleteEndpoint(endpointId: string): Promise<void> {
    await this.call('DELETE', `/api/v1/endpoint/${encodeURIComponent(endpointId)}`);
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await this.request(method, path, body)).body as T;
  }

  /** One authorised call; a 401 (the bearer token expired) renews the token and tries once more. */
  private async request(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ body: unknown; location: string | null }> {
    const token = await this.bearer();
    let response = await this.send(method, path, body, token);
    if (response.status === 401) {
      if (this.token) {
        const current = await this.token.catch(() => null);
        if (current === token) this.token = null;
      }
      response = await this.send(method, path, body, await this.bearer());
    }
    if (!response.ok) throw await failure(response);
    const text = await readText(response);
    return { body: text ? parseJson(text) : null, location: response.headers.get('location') };
  }

  private bearer(): Promise<string> {
    this.token ??= this.authenticate().catch((error: unknown) => {
      this.token = null;
      throw error;
    });
    return this.token;
  }

  private async authenticate(): Promise<string> {
    const response = await this.send('POST', '/api/v1/authenticate', {
      application_token: this.options.applicationToken,
    });
    if (!response.ok) {
      const error = await failure(response);
      // A refused application token is the platform's configuration, not the caller's request.
      throw new SimProviderError(
        'unavailable',
        `SIM provider sign-in failed: ${error.message}`,
        response.status,
      );
    }
    const json = parseJson(await readText(response)) as { auth_token?: string } | null;
    if (!json?.auth_token)
      throw new SimProviderError('unavailable', 'SIM provider sign-in answered no token');
    return json.auth_token;
  }

  private async send(method: string, path: string, body: unknown, token?: string): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new SimProviderError(
        'unavailable',
        timedOut
          ? `The SIM provider did not answer within ${this.timeoutMs / 1000} s`
          : 'The SIM provider cannot be reached',
      );
    }
  }
}

function toSim(json: SimJson): SimCard {
  return {
    id: String(json.id),
    iccid: json.iccid ?? '',
    status: json.status?.id ?? 0,
    endpointId: json.endpoint ? String(json.endpoint.id) : null,
  };
}

async function readText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    throw new SimProviderError('unavailable', 'The SIM provider did not finish its answer');
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SimProviderError('unavailable', 'The SIM provider answered something that is not JSON');
  }
}

/** 404 → notFound; another 4xx → refused with the provider's message; 5xx → unavailable. */
async function failure(response: Response): Promise<SimProviderError> {
  const text = await response.text().catch(() => '');
  let message = '';
  try {
    const json = JSON.parse(text) as { message?: unknown };
    if (typeof json.message === 'string') message = json.message;
  } catch {
    // Not JSON: the status says enough.
  }
  if (response.status === 404)
    return new SimProviderError('notFound', message || 'Not found at the SIM provider', 404);
  if (response.status >= 400 && response.status < 500)
    return new SimProviderError(
      'refused',
      message || `The SIM provider refused (${response.status})`,
      response.status,
    );
  return new SimProviderError('unavailable', `The SIM provider failed (${response.status})`, response.status);
}
