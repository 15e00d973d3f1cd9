import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  /** the address's query string (routes are keyed without it) */
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: RecordedCall, signal: AbortSignal | undefined) => Response | Promise<Response>;

export const json = (body: unknown, status = 200): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * A fetch stand-in keyed by "METHOD /path" (path without query). Unknown routes answer 404 so a test
 * fails loudly instead of hanging. Every call is recorded for assertions.
 */
export function installFetchMock(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    if (!handler) return json({ message: `No mock for ${call.method} ${call.path}` }, 404);
    return handler(call, init?.signal ?? undefined);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    /** the query (as an object) of every GET of `path` so far, oldest first */
    queriesTo: (path: string) =>
      calls
        .filter((c) => c.method === 'GET' && c.path === path)
        .map((c) => Object.fromEntries(c.query) as Record<string, string>),
  };
}

/** A promise with its resolve exposed, to hold a response until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
