import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import {
  clearSelectedSite,
  getSelectedSiteId,
  getStoredSiteIdFor,
  setSelectedSite,
} from '../../lib/selected-site';
import { sitesListQueryOptions } from './api/get-sites-list';

export type SiteSelectionOutcome =
  | { kind: 'selected'; siteId: string }
  /**
   * The remembered site is no longer the user's (deleted in another browser, or access taken away): the
   * first of the user's sites took its place, so the app goes on instead of failing every call with 403.
   */
  | { kind: 'replaced'; siteId: string; siteName: string }
  /** The user holds no site (yet): a fresh superadmin, an operator not yet assigned, or the last one deleted. */
  | { kind: 'none' }
  | { kind: 'failed'; error: unknown };

/**
 * After login (spec §4): the remembered site if the user still holds it, else the first site of the list.
 * The sites list is cached, so running this before every navigation costs no request.
 */
export async function ensureSelectedSite(
  queryClient: QueryClient,
  userId: string | null,
): Promise<SiteSelectionOutcome> {
  let sites;
  try {
    // One retry covers a blip; a lasting failure logs out (spec §4) rather than leaving a spinner.
    sites = await queryClient.fetchQuery({ ...sitesListQueryOptions(), retry: 1 });
  } catch (error) {
    return { kind: 'failed', error };
  }
  const stored = getStoredSiteIdFor(userId);
  if (stored !== null && sites.some((site) => site._id === stored)) {
    setSelectedSite(stored, userId);
    return { kind: 'selected', siteId: stored };
  }
  const first = sites[0];
  if (!first) {
    if (stored !== null) clearSelectedSite();
    return { kind: 'none' };
  }
  setSelectedSite(first._id, userId);
  return stored === null
    ? { kind: 'selected', siteId: first._id }
    : { kind: 'replaced', siteId: first._id, siteName: first.name };
}

/** The same rule on a fresh list from the server, not the cached one (which may still hold a deleted site). */
export async function recheckSelectedSite(
  queryClient: QueryClient,
  userId: string | null,
): Promise<SiteSelectionOutcome> {
  await queryClient.invalidateQueries({ queryKey: sitesListQueryOptions().queryKey, refetchType: 'none' });
  return ensureSelectedSite(queryClient, userId);
}

/**
 * While the app runs, a site can disappear under it (spec §4: deleted by an admin in another browser). Its
 * calls then answer 403 (or 404) and no retry helps. When a query of the selected site fails so, the list is
 * asked again and the selection follows the after-login rule; `onOutcome` tells the page. Returns the
 * unsubscribe function.
 */
export function watchSelectedSite(
  queryClient: QueryClient,
  userId: () => string | null,
  onOutcome: (outcome: SiteSelectionOutcome) => void,
): () => void {
  let checking: Promise<void> | null = null;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    const [scope, siteId] = event.query.queryKey as readonly unknown[];
    if (scope !== 'site' || siteId !== getSelectedSiteId()) return;
    const error = event.action.error;
    if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 404)) return;
    // Several queries of the page fail together: one look at the list serves them all.
    checking ??= recheckSelectedSite(queryClient, userId())
      .then(onOutcome)
      .finally(() => {
        checking = null;
      });
  });
}
