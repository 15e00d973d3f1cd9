import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { emptyFields, parseStripeForm, type FormObject, type FormValue } from './stripe-fake-form';
import { ROUTES } from './stripe-fake-routes';
import { StripeFakeError, StripeFakeState } from './stripe-fake-state';

/**
 * A local stand-in for api.stripe.com (test support), so the Stripe provider is tested through the real
 * `stripe` package without the network: point the client at `url`. It records every request, answers the
 * endpoints the provider calls with Stripe's object shapes, and behaves as Stripe does where the provider
 * depends on it: a secret key is required, objects on a connected account are seen only with its
 * `Stripe-Account` header, `expand` replaces ids with objects, an idempotency key replays its first answer,
 * and errors come in Stripe's shape and status.
 */
export interface StripeFake {
  url: string;
  requests: RecordedRequest[];
  state: StripeFakeState;
  close(): Promise<void>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** lower-case names, as node gives them: 'authorization', 'stripe-account', 'idempotency-key' */
  headers: IncomingHttpHeaders;
  query: FormObject;
  body: FormObject;
}

interface Answer {
  status: number;
  body: object;
  replayed?: boolean;
}

export async function startStripeFake(): Promise<StripeFake> {
  const state = new StripeFakeState();
  const requests: RecordedRequest[] = [];
  const firstAnswers = new Map<string, { fingerprint: string; answer: Answer }>();

  function answer(request: RecordedRequest): Answer {
    const { method, path, headers } = request;
    if (!/^Bearer sk_(test|live)_\w+$/.test(String(headers.authorization ?? '')))
      throw new StripeFakeError(401, 'invalid_request_error', 'You did not provide a valid API key.');
    const account = header(headers, 'stripe-account');
    if (account && state.find(account, null)?.object !== 'account')
      throw new StripeFakeError(
        403,
        'invalid_request_error',
        `The provided key does not have access to account '${account}' (or that account does not exist).`,
        'account_invalid',
      );
    const params = method === 'GET' ? request.query : request.body;
    const empty = emptyFields(params);
    if (empty.length > 0)
      throw new StripeFakeError(
        400,
        'invalid_request_error',
        `You passed an empty string for '${empty[0]}'. We assume empty values are an attempt to unset a parameter; however '${empty[0]}' cannot be unset.`,
        'parameter_invalid_empty',
        empty[0],
      );

    // Stripe keeps a key's first answer for 24 hours, per account; the same key with other parameters is refused.
    const key = method === 'POST' ? header(headers, 'idempotency-key') : null;
    const slot = `${account ?? 'platform'} ${key}`;
    const fingerprint = `${method} ${path} ${JSON.stringify(params)}`;
    const first = key ? firstAnswers.get(slot) : undefined;
    if (first) {
      if (first.fingerprint !== fingerprint)
        throw new StripeFakeError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      return { ...first.answer, replayed: true };
    }

    const route = ROUTES.find((candidate) => candidate.method === method && candidate.path.test(path));
    if (!route)
      throw new StripeFakeError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${method}: ${path}).`,
      );
    const ids = path.match(route.path)!.slice(1).map(decodeURIComponent);
    const result = route.handle({ ids, params, account }, state);
    const body = expandAll(result, expansions(params), (id) => state.find(id, account));
    const fresh = { status: 200, body: JSON.parse(JSON.stringify(body)) as object };
    if (key) firstAnswers.set(slot, { fingerprint, answer: fresh });
    return fresh;
  }

  const server = http.createServer((req, res) => {
    void readBody(req).then((raw) => {
      const url = new URL(req.url ?? '/', 'http://stripe.fake');
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        query: parseStripeForm(url.search.slice(1)),
        body: req.method === 'POST' ? parseStripeForm(raw) : {},
      };
      requests.push(request);
      let reply: Answer;
      try {
        reply = answer(request);
      } catch (error) {
        reply =
          error instanceof StripeFakeError
            ? { status: error.status, body: error.body }
            : { status: 500, body: new StripeFakeError(500, 'api_error', String(error)).body };
      }
      res.writeHead(reply.status, {
        'Content-Type': 'application/json',
        'Request-Id': `req_${randomBytes(7).toString('hex')}`,
        ...(reply.replayed && { 'Idempotent-Replayed': 'true' }),
        // The client's retries are for Stripe's own hiccups; the fake's answers are final.
        'Stripe-Should-Retry': 'false',
      });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // stripe-node keeps its connections alive; they would hold the server open.
        server.closeAllConnections();
      }),
  };
}

function header(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The `expand[]` parameter's dotted paths. */
function expansions(params: FormObject): string[][] {
  const expand: FormValue = params.expand ?? [];
  const paths = typeof expand === 'string' ? [expand] : Object.values(expand);
  return paths.filter((path): path is string => typeof path === 'string').map((path) => path.split('.'));
}

function expandAll(value: object, paths: string[][], lookup: (id: string) => object | undefined): object {
  return paths.reduce<object>((expanded, path) => expandPath(expanded, path, lookup) as object, value);
}

/**
 * Replaces the id at `path` with the object it names, as Stripe's `expand` does, walking through lists
 * (`data.destination`) and through ids it expands on the way (`latest_charge.balance_transaction`).
 */
function expandPath(value: unknown, path: string[], lookup: (id: string) => object | undefined): unknown {
  if (path.length === 0) return typeof value === 'string' ? (lookup(value) ?? value) : value;
  if (Array.isArray(value)) return value.map((item) => expandPath(item, path, lookup));
  if (!value || typeof value !== 'object') return value;
  const [field, ...rest] = path as [string, ...string[]];
  const record = value as Record<string, unknown>;
  const child = record[field];
  const resolved = typeof child === 'string' && rest.length > 0 ? (lookup(child) ?? child) : child;
  return { ...record, [field]: expandPath(resolved, rest, lookup) };
}
