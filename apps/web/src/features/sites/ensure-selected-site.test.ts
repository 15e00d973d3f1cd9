import type { QueryClient } from '@tanstack/react-query';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { apiRequest } from '../../lib/api-client';
import { clearTokens, storeTokens } from '../../lib/auth-tokens';
import {
  clearSelectedSite,
  getSelectedSiteId,
  getStoredSiteIdFor,
  setSelectedSite,
} from '../../lib/selected-site';
import { SITE_A, SITE_B } from '../../test/carts';
import { fakeAccessToken } from '../../test/fake-jwt';
import { installFetchMock, json } from '../../test/fetch-mock';
import { ensureSelectedSite, watchSelectedSite, type SiteSelectionOutcome } from './ensure-selected-site';

const USER_ID = '00000000-0000-4000-8000-0000000000aa';
const site = (id: string, name: string) => ({
  _id: id,
  name,
  centerLatLong: '50.000000, 14.000000',
  timezone: 'Europe/Prague',
  currency: 'EUR',
});
const clubA = site(SITE_A, 'Demo Golf Club');
const clubB = site(SITE_B, 'Second Club');

beforeEach(() => {
  storeTokens({ accessToken: fakeAccessToken({ role: 'admin', sub: USER_ID }), refreshToken: 'refresh' });
  clearSelectedSite();
});
afterEach(() => {
  clearTokens();
  clearSelectedSite();
  vi.unstubAllGlobals();
});

describe('after login', () => {
  it('keeps the remembered site while the user holds it', async () => {
    installFetchMock({ 'GET /api/dashboard/sites/list': () => json([clubA, clubB]) });
    setSelectedSite(SITE_B, USER_ID);
    expect(await ensureSelectedSite(createQueryClient(), USER_ID)).toEqual({
      kind: 'selected',
      siteId: SITE_B,
    });
  });

  it('moves to the first site when the remembered one is gone (deleted elsewhere), instead of failing', async () => {
    installFetchMock({ 'GET /api/dashboard/sites/list': () => json([clubA]) });
    setSelectedSite(SITE_B, USER_ID);
    const outcome = await ensureSelectedSite(createQueryClient(), USER_ID);
    expect(outcome).toEqual({ kind: 'replaced', siteId: SITE_A, siteName: 'Demo Golf Club' });
    expect(getStoredSiteIdFor(USER_ID)).toBe(SITE_A);
  });

  it('forgets the remembered site when the user has no site left', async () => {
    installFetchMock({ 'GET /api/dashboard/sites/list': () => json([]) });
    setSelectedSite(SITE_B, USER_ID);
    expect(await ensureSelectedSite(createQueryClient(), USER_ID)).toEqual({ kind: 'none' });
    expect(getSelectedSiteId()).toBeNull();
  });
});

describe('a site deleted while the app runs', () => {
  /** The server after SITE_B was deleted: its calls are refused, the list no longer has it. */
  function serverWithoutSiteB() {
    let listAnswer = [clubA, clubB];
    const server = installFetchMock({
      'GET /api/dashboard/sites/list': () => json(listAnswer),
      'GET /api/dashboard/devices': (call) =>
        call.headers['site-id'] === SITE_B
          ? json({ message: 'You do not have access to this site' }, 403)
          : json([]),
    });
    return { ...server, deleteSiteB: () => (listAnswer = [clubA]) };
  }

  const devicesQuery = (queryClient: QueryClient) =>
    new QueryObserver(queryClient, {
      queryKey: ['site', getSelectedSiteId(), 'devices'],
      queryFn: () => apiRequest('/dashboard/devices'),
    });

  it('selects the first remaining site once a call of the selected site is refused', async () => {
    const queryClient = createQueryClient();
    const server = serverWithoutSiteB();
    setSelectedSite(SITE_B, USER_ID);
    // The list was loaded before the deletion and is still fresh in the cache.
    expect(await ensureSelectedSite(queryClient, USER_ID)).toEqual({ kind: 'selected', siteId: SITE_B });
    server.deleteSiteB();

    const outcomes: SiteSelectionOutcome[] = [];
    const stop = watchSelectedSite(
      queryClient,
      () => USER_ID,
      (outcome) => outcomes.push(outcome),
    );
    const unsubscribe = devicesQuery(queryClient).subscribe(() => undefined);

    await vi.waitFor(() => expect(outcomes).toHaveLength(1));
    expect(outcomes[0]).toEqual({ kind: 'replaced', siteId: SITE_A, siteName: 'Demo Golf Club' });
    expect(getSelectedSiteId()).toBe(SITE_A);
    // The list was asked again, not read from the cache that still had the deleted site.
    expect(server.callsTo('GET', '/api/dashboard/sites/list')).toHaveLength(2);

    // The page's queries now carry the remaining site and succeed.
    await expect(
      queryClient.fetchQuery({
        queryKey: ['site', getSelectedSiteId(), 'devices'],
        queryFn: () => apiRequest('/dashboard/devices'),
      }),
    ).resolves.toEqual([]);
    unsubscribe();
    stop();
  });

  it('leaves the selection alone when the refusal has another reason (the site is still there)', async () => {
    const queryClient = createQueryClient();
    installFetchMock({
      'GET /api/dashboard/sites/list': () => json([clubA, clubB]),
      'GET /api/dashboard/devices': () => json({ message: 'Your role does not allow this' }, 403),
    });
    setSelectedSite(SITE_B, USER_ID);
    const outcomes: SiteSelectionOutcome[] = [];
    const stop = watchSelectedSite(
      queryClient,
      () => USER_ID,
      (outcome) => outcomes.push(outcome),
    );
    const unsubscribe = devicesQuery(queryClient).subscribe(() => undefined);
    await vi.waitFor(() => expect(outcomes).toHaveLength(1));
    expect(outcomes[0]).toEqual({ kind: 'selected', siteId: SITE_B });
    expect(getSelectedSiteId()).toBe(SITE_B);
    unsubscribe();
    stop();
  });
});
