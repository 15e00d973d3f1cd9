/**
 * Every cached rides answer of a site (list pages and ride details) sits under this key, so an action on a
 * ride or a reconnect after missed updates refreshes them all with one invalidation.
 */
export const ridesQueryKey = (siteId: string) => ['site', siteId, 'rides'] as const;

/** The list pages of a site; the page's parameters follow as the key's last element. */
export const rideListsQueryKey = (siteId: string) => [...ridesQueryKey(siteId), 'list'] as const;

/** Both resolutions of one ride's detail (hiRes true and false) sit under this key. */
export const rideDetailQueryKey = (siteId: string, rideId: string) =>
  [...ridesQueryKey(siteId), 'detail', rideId] as const;
