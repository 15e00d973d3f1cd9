import type { QueryClient } from '@tanstack/react-query';
import { getStoredSiteIdFor, setSelectedSite } from '../../lib/selected-site';
import { sitesListQueryOptions } from './api/get-sites-list';

export type SiteSelectionOutcome =
  | { kind: 'selected'; siteId: string }
  /** The user holds no site yet (a fresh superadmin, an operator not yet assigned). */
  | { kind: 'none' }
  /** The remembered site is no longer the user's: spec §4 says log out. */
  | { kind: 'storedSiteMissing' }
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
  if (stored !== null) {
    if (!sites.some((site) => site._id === stored)) return { kind: 'storedSiteMissing' };
    setSelectedSite(stored, userId);
    return { kind: 'selected', siteId: stored };
  }
  const first = sites[0];
  if (!first) return { kind: 'none' };
  setSelectedSite(first._id, userId);
  return { kind: 'selected', siteId: first._id };
}
