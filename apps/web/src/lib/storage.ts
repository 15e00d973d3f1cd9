/**
 * Typed access to the few values the app keeps in localStorage. Every read and write tolerates a
 * browser that refuses storage (private mode, quota), so a storage failure never breaks a page.
 */
export const STORAGE_KEYS = {
  accessToken: 'fairway.accessToken',
  refreshToken: 'fairway.refreshToken',
  selectedSite: 'fairway.selectedSite',
  locale: 'fairway.locale',
  mapBaseLayer: 'fairway.map.baseLayer',
  mapClustering: 'fairway.map.clustering',
  /** 'kph' (default) or 'mph'; every speed shown follows it (spec §2 Settings, §9). */
  speedUnit: 'fairway.speedUnit',
  fleetPageSize: 'fairway.fleet.pageSize',
  fleetView: 'fairway.fleet.view',
  membersPageSize: 'fairway.members.pageSize',
  /** rows per page of the admin User Manager and Invites Manager (20, 50, 100 or -1 = All; spec §9) */
  adminUsersPageSize: 'fairway.admin.users.pageSize',
  adminInvitesPageSize: 'fairway.admin.invites.pageSize',
  /** the Device Manager's rows per page ('20', '50', '100' or 'all') and its shown columns (JSON list) */
  adminDevicesPageSize: 'fairway.admin.devices.pageSize',
  adminDevicesColumns: 'fairway.admin.devices.columns',
  codesPublishedAt: 'fairway.members.codesPublishedAt',
  /** '1': the bookings calendar shows only carts with a booking that day (spec §2, persisted locally) */
  bookingsReservedOnly: 'fairway.bookings.reservedOnly',
  /** 'service' (default) or 'price': how Reports → Usage splits the rides (spec §2) */
  usageRidesBy: 'fairway.usage.ridesBy',
  /** the admin dashboard's "Viewing": a site id, or absent for All Sites (spec §2 Admin area) */
  adminDashboardSite: 'fairway.admin.dashboard.site',
  /** 'dark' or 'light' (default): the activity viewer's log panel (spec §2 Admin area) */
  adminActivityTheme: 'fairway.admin.activity.theme',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage refused: the value lives for this page only, which is the best we can do.
  }
}
