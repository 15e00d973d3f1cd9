import {
  deviceSettingsOf,
  maySeeCodes,
  unpublishedSettingKeys,
  type PublicSite,
  type Role,
  type SiteListItem,
  type SiteView,
} from '@fairway/domain';
import type { sites } from '../../db/tables/sites';

export type SiteRow = typeof sites.$inferSelect;

/** The settings a site's carts run on: the published snapshot, or what is saved when nothing is pending. */
export const publishedDeviceSettings = (row: SiteRow) => row.publishedSettings ?? deviceSettingsOf(row);

export function toSiteView(row: SiteRow, deviceCount: number): SiteView {
  return {
    _id: row.id,
    name: row.name,
    country: row.country,
    currency: row.currency,
    centerLatLong: row.centerLatLong,
    timezone: row.timezone,
    devices: deviceCount,
    openingHours: row.openingHours,
    bookingOffset: row.bookingOffset,
    bookingTurnaround: row.bookingTurnaround,
    bookingIntegration: row.bookingIntegration,
    autoLock: row.autoLock,
    lockFrom: row.lockFrom,
    roundTimeout: row.roundTimeout,
    lang: row.lang,
    wifiEnabled: row.wifiEnabled === '1' ? '1' : '0',
    wifiSSID: row.wifiSSID,
    wifiPassword: row.wifiPassword,
    recoveryMode: row.recoveryMode,
    masterUnlock: row.masterUnlock,
    logo: row.logo,
    cover: row.cover,
    keyless: row.keyless,
    keypadEnabled: row.keypadEnabled,
    membersModule: row.membersModule,
    scanToRideToggle: row.scanToRideToggle,
    trailPoints: row.trailPoints,
    minRideDuration: row.minRideDuration,
    overrunGraceMinutes: row.overrunGraceMinutes,
    gbfsEnabled: row.gbfsEnabled,
    staging: row.staging,
    publicProfile: {
      ...row.publicProfile,
      // Until the club writes its own, the guest pages show the site's name.
      name: row.publicProfile.name || row.name,
      logoUrl: row.logo,
      coverPhotoUrl: row.cover,
    },
    stripeConfig: {
      accountId: row.stripeAccountId,
      accountActive: row.stripeAccountActive,
      revenueShareMethod: row.revenueShareMethod,
      percentage: row.revenueSharePercentage,
      fixedFee: row.revenueShareFixedFee,
      unlockFee: row.unlockFee,
    },
    unpublishedChanges: unpublishedSettingKeys(deviceSettingsOf(row), row.publishedSettings),
  };
}

export const toSiteListItem = (row: SiteRow): SiteListItem => ({
  _id: row.id,
  name: row.name,
  centerLatLong: row.centerLatLong,
  timezone: row.timezone,
  currency: row.currency,
});

/** The site as `role` may see it: without its master unlock code below the roles that see codes. */
export function siteViewFor(view: SiteView, role: Role): SiteView {
  return maySeeCodes(role) ? view : { ...view, masterUnlock: null };
}

/** What anyone may read of a club (the guest pages' header, hours and currency). */
export const toPublicSite = (row: SiteRow): PublicSite => ({
  _id: row.id,
  name: row.name,
  centerLatLong: row.centerLatLong,
  timezone: row.timezone,
  currency: row.currency,
  openingHours: row.openingHours,
  keypadEnabled: row.keypadEnabled,
  scanToRideToggle: row.scanToRideToggle,
  bookingIntegration: row.bookingIntegration,
  displayName: row.publicProfile.name || row.name,
  logoUrl: row.logo,
  publicProfileActive: row.publicProfile.active,
  bookingAppUrl: row.publicProfile.website,
  bookingOffset: row.bookingOffset,
});
