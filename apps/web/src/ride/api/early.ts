/**
 * The answers public/ride-early.js asked for while the app's code loaded (the cart of /ride/{id}, the club
 * of /guest/site/{id}), by API path under /api/guest. Each is taken once: a reload asks afresh.
 */
type EarlyAnswers = Record<string, Promise<Response> | undefined>;

export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const early = (window as Window & { fairwayEarly?: EarlyAnswers }).fairwayEarly;
  const response = early?.[path];
  if (response) delete early[path];
  return response;
}

/** `response`, or an AbortError once `signal` aborts first (the early request itself cannot be cancelled). */
export function untilAborted(response: Promise<Response>, signal: AbortSignal): Promise<Response> {
  if (signal.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
  return new Promise((resolve, reject) => {
    const abort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', abort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
