import type { PublicSite } from '@fairway/domain';
import { clockAt } from '@fairway/domain/rules/club-clock';
import { siteOpenAt } from '@fairway/domain/rules/guest-cart-status';
import { useNow } from '../lib/use-now';
import { useResource } from '../lib/use-resource';
import { portalApi } from './portal-api';

/** The club a portal page belongs to (its header, time zone, hours); a staging or unknown club is a 404. */
export const usePortalSite = (siteId: string) =>
  useResource(`site:${siteId}`, (signal) => portalApi.site(siteId, signal));

/**
 * Spec §4 Site open check, on the club's own clock, read again every half minute so a page left open
 * turns to the closed card at closing time.
 */
export function useSiteOpen(site: PublicSite | undefined): boolean {
  const now = useNow(30_000, site !== undefined);
  return site ? siteOpenAt(site.openingHours, clockAt(now, site.timezone)) : true;
}
