import { takeEarlyResponse, untilAborted } from './early';

/**
 * The guest API's fetch helper (no login; base /api/guest). Spec §9: requests time out after 15 s. Every
 * failure is a GuestApiError: an HTTP answer keeps its status, message and code; no answer at all is status
 * 0 with code 'offline' (the phone says it is offline), 'timeout' or 'network'.
 */
export const GUEST_API_BASE = '/api/guest';
export const REQUEST_TIMEOUT_MS = 15_000;

export class GuestApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** a 429's wait in whole seconds (its body's `retryAfter`, else its Retry-After header) */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'GuestApiError';
  }
}

export const isGuestApiError = (error: unknown): error is GuestApiError => error instanceof GuestApiError;

/** The caller cancelled (a page left, a newer request): nothing to show. */
export const isAbort = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Seconds to wait before trying again: the body's field, else the header (seconds form), else unknown. */
function retryAfterOf(data: unknown, headers: Headers): number | undefined {
  const field = isRecord(data) ? data.retryAfter : undefined;
  const seconds = typeof field === 'number' ? field : Number(headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

export async function guestRequest<T>(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  {
    body,
    signal,
    check,
  }: {
    body?: unknown;
    signal?: AbortSignal;
    /** a light check of the answer's shape (no zod in the guest bundle) */
    check?: (data: Record<string, unknown>) => boolean;
  } = {},
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort);
  try {
    let response: Response;
    let text: string;
    try {
      // The page's first answer may already be on its way (public/ride-early.js).
      const early = method === 'GET' ? takeEarlyResponse(path) : undefined;
      response = await (early
        ? untilAborted(early, controller.signal)
        : fetch(`${GUEST_API_BASE}${path}`, {
            method,
            headers:
              body === undefined
                ? { Accept: 'application/json' }
                : { Accept: 'application/json', 'Content-Type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
            signal: controller.signal,
          }));
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      if (timedOut) throw new GuestApiError(0, 'The server did not answer in time', 'timeout');
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      throw new GuestApiError(
        0,
        error instanceof Error ? error.message : 'Network error',
        offline ? 'offline' : 'network',
      );
    }
    let data: unknown = null;
    try {
      data = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      data = null;
    }
    if (!response.ok) {
      const message = isRecord(data) && typeof data.message === 'string' ? data.message : response.statusText;
      const code = isRecord(data) && typeof data.code === 'string' ? data.code : undefined;
      throw new GuestApiError(
        response.status,
        message || `HTTP ${response.status}`,
        code,
        response.status === 429 ? retryAfterOf(data, response.headers) : undefined,
      );
    }
    if (check && !(isRecord(data) && check(data)))
      throw new GuestApiError(502, 'The server sent an unexpected answer', 'badAnswer');
    return data as T;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}
