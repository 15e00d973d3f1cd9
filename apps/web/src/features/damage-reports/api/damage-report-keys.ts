/** Every cached damage-report query of a site sits under this key: a push or a resolve refreshes them all. */
export const damageReportsKey = (siteId: string) => ['site', siteId, 'damage-reports'] as const;
