import { LIMITS, tokenPair } from '@fairway/domain';
import {
  clearTokens,
  decodeAccessToken,
  getAccessToken,
  getRefreshToken,
  isTokenUsable,
  storeTokens,
} from './auth-tokens';
import { i18n } from './i18n';
import { getSelectedSiteId } from './selected-site';

/** Every HTTP call of the app goes through this client: base `/api`, 15 s timeout, token refresh. */
export const API_BASE = '/api';

export type ApiErrorKind = 'http' | 'timeout' | 'network';

/** A failed call: `status` is the HTTP status (0 when no answer came), `message` is the server's own. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly kind: ApiErrorKind,
    readonly body: unknown = null,
  ) {
    super(message);
  }

  /** The stable reason code of a refusal (`{ message, code }`), for the web app to say it in its language. */
  get code(): string | null {
    const code = (this.body as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : null;
  }
}

/** The reason code of a failed call, or null (not an API refusal, or one without a code). */
export const apiErrorCode = (error: unknown): string | null =>
  error instanceof ApiError ? error.code : null;

/**
 * Which credentials a call carries. `public`: none (login, register, password reset, config).
 * `user`: the bearer token. `site`: the bearer token and the selected site in the `site-id` header.
 */
export type ApiAuth = 'public' | 'user' | 'site';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** JSON, or a FormData sent as multipart (uploads) with the browser's own boundary. */
  body?: unknown;
  /**
   * 'blob' answers a Blob (a PDF, an image) instead of parsed JSON; 'file' answers a `DownloadedFile`, the
   * Blob with the name the server gave it (Content-Disposition). Errors are still read as JSON.
   */
  responseType?: 'json' | 'blob' | 'file';
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Defaults: dashboard paths send the site, admin paths the bearer token, everything else nothing. */
  auth?: ApiAuth;
  /** Overrides the selected site for this call. */
  siteId?: string;
  /** Cancellation from the caller (TanStack Query passes one); the timeout is applied on top. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

function defaultAuth(path: string): ApiAuth {
  if (path.startsWith('/dashboard/')) return 'site';
  if (path.startsWith('/admin/')) return 'user';
  return 'public';
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const suffix = search.size > 0 ? `?${search.toString()}` : '';
  return `${API_BASE}${path}${suffix}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function serverMessage(body: unknown): string | null {
  if (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string'
  ) {
    return (body as { message: string }).message;
  }
  return null;
}

/** A file the server made for download: its bytes and the name it suggests (null when it gave none). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/**
 * The file name of a Content-Disposition header: RFC 6266's `filename*=UTF-8''…` (percent-encoded, for names
 * with å, ø, ř) wins over the plain `filename="…"`.
 */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(disposition);
  if (!plain) return null;
  return (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2] ?? '').trim() || null;
}

/** One HTTP exchange with a timeout; no refresh logic. */
async function send(path: string, options: ApiRequestOptions, accessToken: string | null): Promise<unknown> {
  const auth = options.auth ?? defaultAuth(path);
  const multipart = options.body instanceof FormData;
  const headers: Record<string, string> = {
    Accept: options.responseType === 'blob' || options.responseType === 'file' ? '*/*' : 'application/json',
  };
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (auth !== 'public' && accessToken) headers.Authorization = `Bearer ${accessToken}`;
  if (auth === 'site') {
    const siteId = options.siteId ?? getSelectedSiteId();
    if (siteId) headers['site-id'] = siteId;
  }

  // One controller aborts on the timeout or when the caller cancels; only the timeout becomes an error
  // of its own, a caller's cancellation stays an AbortError that TanStack Query knows to ignore.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? LIMITS.requestTimeoutMs);
  const forwardAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    const response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: multipart
        ? (options.body as FormData)
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      signal: controller.signal,
    });
    if (response.ok && options.responseType === 'blob') return await response.blob();
    if (response.ok && options.responseType === 'file') {
      const file: DownloadedFile = {
        blob: await response.blob(),
        filename: filenameOf(response.headers.get('Content-Disposition')),
      };
      return file;
    }
    const body = await readBody(response);
    if (!response.ok) {
      throw new ApiError(
        serverMessage(body) ?? i18n.t('errors.http', { status: response.status }),
        response.status,
        'http',
        body,
      );
    }
    return body;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new ApiError(i18n.t('errors.timeout'), 0, 'timeout');
    if (options.signal?.aborted) throw error;
    throw new ApiError(i18n.t('errors.network'), 0, 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

/** A refresh that the server refused (as opposed to one that never got an answer). */
export const isAuthRejection = (error: unknown): boolean =>
  error instanceof ApiError && error.kind === 'http' && error.status >= 400 && error.status < 500;

let refreshInFlight: Promise<string> | null = null;

async function performRefresh(): Promise<string> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    clearTokens();
    throw new ApiError(i18n.t('errors.sessionExpired'), 401, 'http');
  }
  try {
    const body = await send(
      '/dashboard/auth/refresh',
      { method: 'POST', body: { refreshToken }, auth: 'public' },
      null,
    );
    const tokens = tokenPair.parse(body);
    // Refresh tokens rotate: the old one is spent, so the new pair must be stored before anyone retries.
    storeTokens(tokens);
    return tokens.accessToken;
  } catch (error) {
    // A refused refresh ends the session. A refresh that got no answer (offline, timeout) keeps the
    // tokens, so a flaky network does not log the operator out; the caller sees the error and can retry.
    if (isAuthRejection(error)) clearTokens();
    throw error;
  }
}

/**
 * Exchanges the refresh token for a new pair. Concurrent callers share one request: with rotating
 * refresh tokens a second parallel refresh would present a spent token and end the session.
 */
export function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= performRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

let onSessionExpired: () => void = () => window.location.assign('/login');
let sessionExpiredReported = false;

/** The app routes to /login (with a router navigation) when the session cannot be renewed. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

/** Reports a lost session once, however many requests failed with it at the same time. */
export function reportSessionExpired(): void {
  if (sessionExpiredReported) return;
  sessionExpiredReported = true;
  onSessionExpired();
}

/** Called after a successful login, so the next lost session is reported again. */
export function resetSessionExpiredReport(): void {
  sessionExpiredReported = false;
}

async function renewOrExpire(): Promise<string> {
  // No refresh token: nobody is logged in (a logout just happened), so there is no session to report lost.
  if (!getRefreshToken()) throw new ApiError(i18n.t('errors.sessionExpired'), 401, 'http');
  try {
    return await refreshAccessToken();
  } catch (error) {
    if (isAuthRejection(error)) reportSessionExpired();
    throw error;
  }
}

/**
 * Calls the API. Authenticated calls that meet a 401 refresh the session once and are retried once;
 * the login, refresh and logout calls are `public` and never trigger a refresh.
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const auth = options.auth ?? defaultAuth(path);
  if (auth === 'public') return (await send(path, options, null)) as T;

  let token = getAccessToken();
  let refreshed = false;
  // A token that has visibly expired would only earn a 401; renew it first (still one refresh per call).
  if (!isTokenUsable(token ? decodeAccessToken(token) : null) && getRefreshToken()) {
    token = await renewOrExpire();
    refreshed = true;
  }
  try {
    return (await send(path, options, token)) as T;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || refreshed) throw error;
    const current = getAccessToken();
    // Another call may have renewed the session while this one was on its way: use its token.
    const retryToken = current && current !== token ? current : await renewOrExpire();
    return (await send(path, options, retryToken)) as T;
  }
}
