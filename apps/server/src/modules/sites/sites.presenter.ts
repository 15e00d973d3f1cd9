import type { SiteListItem, SiteView } from '@fairway/domain';
import type { sites } from './sites.table';

export type SiteRow = typeof sites.$inferSelect;

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
    keyless: row.keyless,
    keypadEnabled: row.keypadEnabled,
    membersModule: row.membersModule,
    scanToRideToggle: row.scanToRideToggle,
    trailPoints: row.trailPoints,
    minRideDuration: row.minRideDuration,
    staging: row.staging,
  };
}

export const toSiteListItem = (row: SiteRow): SiteListItem => ({
  _id: row.id,
  name: row.name,
  centerLatLong: row.centerLatLong,
  timezone: row.timezone,
  currency: row.currency,
});
