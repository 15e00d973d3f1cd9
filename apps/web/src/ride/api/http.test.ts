import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock, json } from '../../test/fetch-mock';
import { GuestApiError, guestRequest, isAbort, REQUEST_TIMEOUT_MS } from './http';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server that never answers; the request ends only when its signal aborts. */
function silentServer() {
  return installFetchMock({
    'GET /api/guest/slow': (_call, signal) =>
      new Promise<Response>((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      ),
  });
}

describe('guestRequest', () => {
  it('asks /api/guest and returns the answer', async () => {
    const server = installFetchMock({ 'POST /api/guest/things': () => json({ id: 'a' }) });
    await expect(guestRequest('POST', '/things', { body: { x: 1 } })).resolves.toEqual({ id: 'a' });
    expect(server.calls[0]).toMatchObject({
      body: { x: 1 },
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('gives up after 15 s (spec §9) with a timeout error', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    silentServer();
    const request = guestRequest('GET', '/slow');
    const outcome = request.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    const error = await outcome;
    expect(error).toBeInstanceOf(GuestApiError);
    expect(error).toMatchObject({ status: 0, code: 'timeout' });
  });

  it("reports the caller's own cancel as an abort, not an error to show", async () => {
    silentServer();
    const controller = new AbortController();
    const request = guestRequest('GET', '/slow', { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    controller.abort();
    expect(isAbort(await request)).toBe(true);
  });

  it("keeps a refusal's status, message and code", async () => {
    installFetchMock({
      'POST /api/guest/unlock': () => json({ message: 'Invalid code', code: 'invalidCode' }, 403),
    });
    await expect(guestRequest('POST', '/unlock', { body: {} })).rejects.toMatchObject({
      status: 403,
      message: 'Invalid code',
      code: 'invalidCode',
    });
  });

  it('refuses an answer of the wrong shape', async () => {
    installFetchMock({ 'GET /api/guest/cart': () => json({ nothing: true }) });
    await expect(
      guestRequest('GET', '/cart', { check: (data) => typeof data._id === 'string' }),
    ).rejects.toMatchObject({
      status: 502,
      code: 'badAnswer',
    });
  });
});
