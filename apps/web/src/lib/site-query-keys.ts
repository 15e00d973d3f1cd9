/**
 * Query keys one feature invalidates for another (a renamed user group changes the members list), so
 * neither imports the other.
 */

/**
 * Every cached member query of a site sits under this key (list pages with their parameters); a mutation
 * that changes members invalidates the whole prefix.
 */
export const membersQueryKey = (siteId: string) => ['site', siteId, 'members'] as const;
