import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpSimProvider } from './http-sim-provider';
import { SimProviderError } from './sim-provider';

/**
 * Contract tests of the real SIM provider client against a local server answering with the payloads emnify's
 * REST API documents (authenticate → auth_token; endpoint, connectivity, sim, sim?q=iccid:…), recording what
 * the client sends: paths, methods, bodies, the bearer token, the 401 → sign in again path, 404 and timeouts.
 */

interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}
type Handler = (request: Recorded, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let requests: Recorded[];
let tokensIssued: number;
let validToken: string;
let route: Handler;

const json = (response: ServerResponse, status: number, body?: unknown) => {
  response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const recorded: Recorded = {
        method: request.method!,
        url: request.url!,
        authorization: request.headers.authorization,
        body: raw ? JSON.parse(raw) : undefined,
      };
      requests.push(recorded);
      if (recorded.url === '/api/v1/authenticate') {
        if ((recorded.body as { application_token?: string }).application_token !== 'app-token-1')
          return json(response, 401, {
            error_code: 1001,
            error_token: 'invalid token',
            message: 'Invalid token',
          });
        tokensIssued += 1;
        validToken = `auth-${tokensIssued}`;
        return json(response, 200, { auth_token: validToken, refresh_token: 'unused' });
      }
      if (recorded.authorization !== `Bearer ${validToken}`)
        return json(response, 401, {
          error_code: 401,
          error_token: 'unauthorized',
          message: 'Token expired',
        });
      route(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
  tokensIssued = 0;
  validToken = 'none';
  route = (_request, response) => json(response, 404, { error_code: 404, message: 'Not found' });
});

const client = (timeoutMs?: number, token = 'app-token-1') =>
  new HttpSimProvider({
    baseUrl: `${baseUrl}/`,
    applicationToken: token,
    serviceProfileId: '101',
    tariffProfileId: '202',
    timeoutMs,
  });
const calls = () => requests.map((request) => `${request.method} ${request.url}`);

describe('HttpSimProvider', () => {
  it('signs in once with the application token and sends the bearer token on every call', async () => {
    route = (request, response) =>
      request.url === '/api/v1/endpoint/77'
        ? json(response, 200, {
            id: 77,
            name: '12/FW-1',
            tags: 'Demo Golf Club',
            status: { id: 1, description: 'Disabled' },
            sim: { id: 555, iccid: '8988303000000000001' },
          })
        : json(response, 200, {
            status: { id: 1, description: 'ATTACHED' },
            location: null,
            pdp_context: null,
          });
    const sims = client();
    expect(await sims.getEndpoint('77')).toEqual({
      id: '77',
      name: '12/FW-1',
      tags: 'Demo Golf Club',
      status: 1,
      simId: '555',
      iccid: '8988303000000000001',
    });
    expect(await sims.connectivity('77')).toBe('ATTACHED');
    expect(calls()).toEqual([
      'POST /api/v1/authenticate',
      'GET /api/v1/endpoint/77',
      'GET /api/v1/endpoint/77/connectivity',
    ]);
    expect(requests[0]!.body).toEqual({ application_token: 'app-token-1' });
    expect(requests[0]!.authorization).toBeUndefined();
    expect(requests.slice(1).map((request) => request.authorization)).toEqual([
      'Bearer auth-1',
      'Bearer auth-1',
    ]);
  });

  it('signs in again when the bearer token expired (401) and repeats the call once', async () => {
    route = (_request, response) =>
      json(response, 200, { id: 555, iccid: '8988303000000000001', status: { id: 1 } });
    const sims = client();
    await sims.getSim('555');
    validToken = 'rotated-by-provider';
    const sim = await sims.getSim('555');
    expect(sim).toEqual({ id: '555', iccid: '8988303000000000001', status: 1, endpointId: null });
    expect(calls()).toEqual([
      'POST /api/v1/authenticate',
      'GET /api/v1/sim/555',
      'GET /api/v1/sim/555',
      'POST /api/v1/authenticate',
      'GET /api/v1/sim/555',
    ]);
    expect(requests.at(-1)!.authorization).toBe('Bearer auth-2');
  });

  it('finds a SIM by ICCID with q=iccid:… and answers null when the list is empty', async () => {
    route = (request, response) =>
      request.url.includes('8988303000000000001')
        ? json(response, 200, [
            {
              id: 555,
              iccid: '8988303000000000001',
              status: { id: 2, description: 'Suspended' },
              endpoint: { id: 9 },
            },
          ])
        : json(response, 200, []);
    const sims = client();
    expect(await sims.findSimByIccid('8988303000000000001')).toEqual({
      id: '555',
      iccid: '8988303000000000001',
      status: 2,
      endpointId: '9',
    });
    expect(await sims.findSimByIccid('8988303000000000002')).toBeNull();
    expect(requests[1]!.url).toBe('/api/v1/sim?q=iccid%3A8988303000000000001');
    expect(new URL(requests[1]!.url, baseUrl).searchParams.get('q')).toBe('iccid:8988303000000000001');
  });

  it('creates an endpoint with the documented body and the fixed profiles, reading the id from Location', async () => {
    route = (_request, response) => {
      response.writeHead(201, { location: '/api/v1/endpoint/9001' });
      response.end();
    };
    const id = await client().createEndpoint({
      name: '12/FW-1',
      tags: 'Demo Golf Club',
      status: 0,
      simId: '555',
    });
    expect(id).toBe('9001');
    expect(requests[1]).toMatchObject({
      method: 'POST',
      url: '/api/v1/endpoint',
      body: {
        name: '12/FW-1',
        tags: 'Demo Golf Club',
        status: { id: 0 },
        sim: { id: 555 },
        service_profile: { id: 101 },
        tariff_profile: { id: 202 },
      },
    });
  });

  it('patches endpoint and SIM status and deletes endpoints as documented', async () => {
    route = (_request, response) => json(response, 204);
    const sims = client();
    await sims.updateEndpoint('9001', { status: 1 });
    await sims.updateEndpoint('9001', { name: '14/FW-1', tags: 'Second Club', simId: '556' });
    await sims.updateSim('555', { status: 2 });
    await sims.deleteEndpoint('9001');
    expect(requests.slice(1).map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'PATCH', url: '/api/v1/endpoint/9001', body: { status: { id: 1 } } },
      {
        method: 'PATCH',
        url: '/api/v1/endpoint/9001',
        body: { name: '14/FW-1', tags: 'Second Club', sim: { id: 556 } },
      },
      { method: 'PATCH', url: '/api/v1/sim/555', body: { status: { id: 2 } } },
      { method: 'DELETE', url: '/api/v1/endpoint/9001', body: undefined },
    ]);
  });

  it('types failures: 404 not found, another 4xx refused with the provider message, 5xx unavailable', async () => {
    const failing = async (status: number, body: unknown) => {
      route = (_request, response) => json(response, status, body);
      return client()
        .getEndpoint('1')
        .catch((error: unknown) => error as SimProviderError);
    };
    expect(await failing(404, { error_code: 1200, message: 'Endpoint not found' })).toMatchObject({
      kind: 'notFound',
      status: 404,
    });
    expect(
      await failing(422, { error_code: 1100, message: 'SIM already assigned to an endpoint' }),
    ).toMatchObject({
      kind: 'refused',
      status: 422,
      message: 'SIM already assigned to an endpoint',
    });
    expect(await failing(503, { message: 'maintenance' })).toMatchObject({
      kind: 'unavailable',
      status: 503,
    });
  });

  it('reports a refused application token as the provider being unavailable', async () => {
    const error = await client(undefined, 'wrong-token')
      .getSim('1')
      .catch((failure: unknown) => failure as SimProviderError);
    expect(error).toBeInstanceOf(SimProviderError);
    expect(error).toMatchObject({ kind: 'unavailable', status: 401 });
    expect(calls()).toEqual(['POST /api/v1/authenticate']);
  });

  it('gives up on a call the provider does not answer in time', async () => {
    route = () => undefined; // never answers
    const error = (await client(150)
      .connectivity('77')
      .catch((failure: unknown) => failure)) as SimProviderError;
    expect(error).toBeInstanceOf(SimProviderError);
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/did not answer/);
  });
});
