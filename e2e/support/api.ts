import type { APIResponse, Page } from '@playwright/test';

/**
 * Calls the API as the signed-in operator of `page` (its stored token and selected site), for checks a
 * screen does not show, such as which config version each cart has confirmed.
 */
export async function apiAs<T>(page: Page, path: string): Promise<T> {
  return apiSend<T>(page, 'GET', path);
}

/** Sends a request as the signed-in operator of `page` and answers the response, whatever its status. */
export async function apiRequest(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<APIResponse> {
  const { token, siteId } = await page.evaluate(() => {
    const selection = window.localStorage.getItem('fairway.selectedSite');
    return {
      token: window.localStorage.getItem('fairway.accessToken'),
      siteId: selection ? (JSON.parse(selection) as { siteId: string }).siteId : null,
    };
  });
  return page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token ?? ''}`, ...(siteId ? { 'site-id': siteId } : {}) },
    ...(body === undefined ? {} : { data: body }),
  });
}

/** Sends a request as the signed-in operator of `page`, for setting up what a test needs. */
export async function apiSend<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await apiRequest(page, method, path, body);
  if (!response.ok())
    throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  // A DELETE answers 204 without a body.
  return (response.status() === 204 ? undefined : await response.json()) as T;
}
