/**
 * Every cached member query of a site sits under this key (list pages with their parameters); a mutation
 * that changes members invalidates the whole prefix.
 */
export const membersQueryKey = (siteId: string) => ['site', siteId, 'members'] as const;
