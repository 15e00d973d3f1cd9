import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, installFetchMock, json } from '../test/fetch-mock';
import { fakeAccessToken } from '../test/fake-jwt';
import {
  ApiError,
  apiRequest,
  filenameOf,
  resetSessionExpiredReport,
  setSessionExpiredHandler,
  type DownloadedFile,
} from './api-client';
import { getAccessToken, getRefreshToken, storeTokens } from './auth-tokens';
import { setSelectedSite } from './selected-site';

const SITE_ID = '11111111-1111-4111-8111-111111111111';
const oldToken = fakeAccessToken({ nonce: 'old' });
const newToken = fakeAccessToken({ nonce: 'new' });
const bearer = (token: string) => `Bearer ${token}`;

let sessionExpired: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  localStorage.clear();
  storeTokens({ accessToken: oldToken, refreshToken: 'refresh-1' });
  setSelectedSite(SITE_ID, null);
  sessionExpired = vi.fn<() => void>();
  setSessionExpiredHandler(sessionExpired);
  resetSessionExpiredReport();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Devices answer 401 to the old token and 200 to the new one, like a server after token expiry. */
const devicesByToken = (call: { headers: Record<string, string> }) =>
  call.headers.Authorization === bearer(newToken) ? json([]) : json({ message: 'Token expired' }, 401);

describe('apiRequest', () => {
  it('sends the bearer token and the selected site on dashboard calls', async () => {
    const { calls } = installFetchMock({ 'GET /api/dashboard/devices': () => json([]) });
    await apiRequest('/dashboard/devices');
    expect(calls[0]?.headers.Authorization).toBe(bearer(oldToken));
    expect(calls[0]?.headers['site-id']).toBe(SITE_ID);
  });

  it('sends no credentials on public calls', async () => {
    const { calls } = installFetchMock({ 'GET /api/config': () => json({}) });
    await apiRequest('/config', { auth: 'public' });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers['site-id']).toBeUndefined();
  });

  it('throws an ApiError with the status and the server message', async () => {
    installFetchMock({
      'POST /api/dashboard/devices': () => json({ message: 'carNumber must contain digits only' }, 400),
    });
    const error = await apiRequest('/dashboard/devices', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, kind: 'http', message: 'carNumber must contain digits only' });
  });

  it('on a 401 refreshes once, stores the rotated pair and retries once with the new token', async () => {
    const { calls, callsTo } = installFetchMock({
      'GET /api/dashboard/devices': devicesByToken,
      'POST /api/dashboard/auth/refresh': () => json({ accessToken: newToken, refreshToken: 'refresh-2' }),
    });

    await expect(apiRequest('/dashboard/devices')).resolves.toEqual([]);

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/dashboard/devices',
      'POST /api/dashboard/auth/refresh',
      'GET /api/dashboard/devices',
    ]);
    expect(callsTo('POST', '/api/dashboard/auth/refresh')[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(calls[2]?.headers.Authorization).toBe(bearer(newToken));
    expect(getAccessToken()).toBe(newToken);
    expect(getRefreshToken()).toBe('refresh-2');
  });

  it('does not refresh a second time when the retry is refused too', async () => {
    const { callsTo } = installFetchMock({
      'GET /api/dashboard/devices': () => json({ message: 'Nope' }, 401),
      'POST /api/dashboard/auth/refresh': () => json({ accessToken: newToken, refreshToken: 'refresh-2' }),
    });
    await expect(apiRequest('/dashboard/devices')).rejects.toMatchObject({ status: 401 });
    expect(callsTo('POST', '/api/dashboard/auth/refresh')).toHaveLength(1);
    expect(callsTo('GET', '/api/dashboard/devices')).toHaveLength(2);
  });

  it('lets concurrent 401s share one refresh', async () => {
    const refreshAnswer = deferred<Response>();
    const { callsTo } = installFetchMock({
      'GET /api/dashboard/devices': devicesByToken,
      'GET /api/dashboard/sites': (call) =>
        call.headers.Authorization === bearer(newToken)
          ? json({ name: 'Demo' })
          : json({ message: 'expired' }, 401),
      'POST /api/dashboard/auth/refresh': () => refreshAnswer.promise,
    });

    const requests = Promise.all([
      apiRequest('/dashboard/devices'),
      apiRequest('/dashboard/sites'),
      apiRequest('/dashboard/devices'),
    ]);
    // Let all three meet their 401 while the refresh is still pending.
    await vi.waitFor(() => expect(callsTo('POST', '/api/dashboard/auth/refresh')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    refreshAnswer.resolve(json({ accessToken: newToken, refreshToken: 'refresh-2' }));

    await expect(requests).resolves.toEqual([[], { name: 'Demo' }, []]);
    expect(callsTo('POST', '/api/dashboard/auth/refresh')).toHaveLength(1);
    expect(callsTo('GET', '/api/dashboard/devices')).toHaveLength(4);
  });

  it('clears the tokens and reports the lost session once when the refresh is refused', async () => {
    installFetchMock({
      'GET /api/dashboard/devices': () => json({ message: 'expired' }, 401),
      'POST /api/dashboard/auth/refresh': () => json({ message: 'Refresh token reused' }, 401),
    });

    const results = await Promise.allSettled([
      apiRequest('/dashboard/devices'),
      apiRequest('/dashboard/devices'),
    ]);

    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(sessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not report a lost session for a call made after logout (no tokens at all)', async () => {
    localStorage.clear();
    const { callsTo } = installFetchMock({
      'GET /api/dashboard/devices': () => json({ message: 'No token' }, 401),
    });
    await expect(apiRequest('/dashboard/devices')).rejects.toMatchObject({ status: 401 });
    expect(callsTo('POST', '/api/dashboard/auth/refresh')).toHaveLength(0);
    expect(sessionExpired).not.toHaveBeenCalled();
  });

  it('keeps the tokens when the refresh gets no answer (offline is not a logout)', async () => {
    installFetchMock({
      'GET /api/dashboard/devices': () => json({ message: 'expired' }, 401),
      'POST /api/dashboard/auth/refresh': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(apiRequest('/dashboard/devices')).rejects.toMatchObject({ kind: 'network' });
    expect(getRefreshToken()).toBe('refresh-1');
    expect(sessionExpired).not.toHaveBeenCalled();
  });

  it('never refreshes on a failed login (public call)', async () => {
    const { callsTo } = installFetchMock({
      'POST /api/dashboard/auth/login': () => json({ message: 'Invalid email or password' }, 401),
    });
    await expect(
      apiRequest('/dashboard/auth/login', {
        method: 'POST',
        body: { email: 'a@b.c', password: 'x' },
        auth: 'public',
      }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(callsTo('POST', '/api/dashboard/auth/refresh')).toHaveLength(0);
  });

  it('renews a visibly expired access token before sending, without a wasted 401', async () => {
    storeTokens({ accessToken: fakeAccessToken({ expiresInSeconds: -60 }), refreshToken: 'refresh-1' });
    const { calls } = installFetchMock({
      'GET /api/dashboard/devices': devicesByToken,
      'POST /api/dashboard/auth/refresh': () => json({ accessToken: newToken, refreshToken: 'refresh-2' }),
    });
    await apiRequest('/dashboard/devices');
    expect(calls.map((call) => call.path)).toEqual(['/api/dashboard/auth/refresh', '/api/dashboard/devices']);
  });

  it('gives up after 15 s with a translated timeout error', async () => {
    vi.useFakeTimers();
    installFetchMock({
      // Never answers; only the abort signal ends it, as with a hung server.
      'GET /api/dashboard/devices': (_call, signal) =>
        new Promise<Response>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    });

    const outcome = apiRequest('/dashboard/devices').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(14_999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'timeout',
      status: 0,
      message: 'The server took too long to answer. Please try again.',
    });
  });

  it('passes a caller cancellation through as an abort, not as a timeout', async () => {
    installFetchMock({
      'GET /api/dashboard/devices': (_call, signal) =>
        new Promise<Response>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    });
    const controller = new AbortController();
    const outcome = apiRequest('/dashboard/devices', { signal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    controller.abort();
    const error = await outcome;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('file downloads', () => {
  it('answers the file with the name the server gave it', async () => {
    installFetchMock({
      'GET /api/dashboard/rides/chart/rides.csv': () =>
        new Response('\uFEFFa;b\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="rides-2026-11.csv"',
          },
        }),
    });
    const file = await apiRequest<DownloadedFile>('/dashboard/rides/chart/rides.csv', {
      responseType: 'file',
    });
    expect(file.filename).toBe('rides-2026-11.csv');
    // The bytes as sent, the byte order mark included (3 bytes in UTF-8).
    expect(file.blob.size).toBe(3 + 'a;b\n'.length);
    expect(file.blob.type).toBe('text/csv');
  });

  it('reads plain, quoted and RFC 6266 extended names, the extended one first', () => {
    expect(filenameOf(null)).toBeNull();
    expect(filenameOf('attachment')).toBeNull();
    expect(filenameOf('attachment; filename=summary.pdf')).toBe('summary.pdf');
    expect(filenameOf('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
    expect(
      filenameOf(
        `attachment; filename="Hradec-Kralove.pdf"; filename*=UTF-8''Hradec%20Kr%C3%A1lov%C3%A9.pdf`,
      ),
    ).toBe('Hradec Králové.pdf');
  });

  it('still reads a refusal as an error', async () => {
    installFetchMock({
      'GET /api/dashboard/rides/chart/summary.pdf': () => json({ message: 'Must be after start' }, 400),
    });
    await expect(
      apiRequest('/dashboard/rides/chart/summary.pdf', { responseType: 'file' }),
    ).rejects.toMatchObject({ status: 400, message: 'Must be after start' });
  });
});
