import { eq, inArray } from 'drizzle-orm';
import type { ConfigMessage, DeviceSettings } from '@fairway/domain';
import type { Db } from '../../db/client';
import { loadCartCodes, opensCart } from '../codes/cart-codes';
import { devices } from '../../db/tables/devices';
import { publishedDeviceSettings } from '../sites/sites.presenter';
import { sites } from '../../db/tables/sites';
import { zones } from '../../db/tables/zones';

export type ConfigContent = Pick<ConfigMessage, 'settings' | 'codes' | 'zones'>;

/** How often a cart reports while driving; the site does not set it (yet), the tracker mode does. */
const REPORT_SECONDS = { normal: 5, lowPower: 30, tracking: 2 } as const;

/**
 * What each cart's config holds now: its site's published lock and WiFi settings and master code, the
 * member keypad codes and RFID tags that open this cart (see `loadCartCodes`), the site's zones, and its own
 * tracker settings. Three queries whatever the number of carts and sites.
 */
export async function buildConfigContents(db: Db, deviceIds: string[]): Promise<Map<string, ConfigContent>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .select({ device: devices, site: sites })
    .from(devices)
    .innerJoin(sites, eq(sites.id, devices.siteId))
    .where(inArray(devices.id, deviceIds));
  const siteIds = [...new Set(rows.map((row) => row.site.id))];
  const siteZones = await db.select().from(zones).where(inArray(zones.siteId, siteIds));
  const codesBySite = Map.groupBy(await loadCartCodes(db, siteIds, new Date()), (code) => code.siteId);

  const contents = new Map<string, ConfigContent>();
  for (const { device, site } of rows) {
    // Only published settings reach carts; a codes or zones publish must not carry unpublished ones along.
    const published = publishedDeviceSettings(site);
    const settings: DeviceSettings = {
      autoLockMinutes: Number(published.autoLock) || 0,
      roundTimeoutMinutes: published.roundTimeout,
      lockFrom: published.lockFrom,
      timezone: published.timezone,
      wifiEnabled: published.wifiEnabled === '1',
      wifiSSID: published.wifiSSID,
      wifiPassword: published.wifiPassword,
      recoveryMode: published.recoveryMode,
      reportIntervalSeconds: REPORT_SECONDS[device.trackerMode],
      trackerMode: device.trackerMode,
      server: device.server,
      batteryCalibration: device.batteryCalibration,
    };
    contents.set(device.id, {
      settings,
      codes: [
        ...(published.masterUnlock
          ? [{ code: published.masterUnlock, type: 'master' as const, expires: null }]
          : []),
        ...(codesBySite.get(site.id) ?? [])
          .filter((code) => opensCart(code, device.carNumber))
          .map((code) => ({ code: code.code, type: code.type, expires: code.expires?.getTime() ?? null })),
      ],
      zones: siteZones
        .filter((zone) => zone.siteId === site.id)
        .map((zone) => ({
          id: zone.id,
          type: zone.type,
          ring: zone.geometry.coordinates[0]!.map(([lng, lat]) => [lng, lat] as [number, number]),
        })),
    });
  }
  return contents;
}
