import { distanceM, type LatLng } from './geo';
import type { Random } from './random';

/** One network a WiFi scan (code 5) reports. */
export interface WifiNetwork {
  ssid: string;
  /** dBm */
  rssi: number;
  channel: number;
  encrypt: string;
}

/** Below this a tracker's radio does not list a network. */
const AUDIBLE_DBM = -95;

/**
 * What the tracker's radio hears at `position`: the club's access points (the site's SSID from the
 * config, when it has one), which fade with the distance from the clubhouse, and a player's phone hotspot.
 */
export function scanWifi(
  position: LatLng,
  clubhouse: LatLng,
  siteSsid: string,
  random: Random,
): WifiNetwork[] {
  const fromClubhouse = distanceM(position, clubhouse);
  const clubRssi = (base: number): number =>
    Math.round(Math.max(-98, base - fromClubhouse * 0.25 + random.between(-4, 4)));
  const networks: WifiNetwork[] = [
    // An SSID is at most 32 bytes on the air; a site's setting may be longer.
    { ssid: (siteSsid || 'Clubhouse').slice(0, 32), rssi: clubRssi(-42), channel: 6, encrypt: 'WPA2_PSK' },
    { ssid: 'Clubhouse-Guest', rssi: clubRssi(-48), channel: 11, encrypt: 'OPEN' },
    { ssid: 'ProShop', rssi: clubRssi(-60), channel: 1, encrypt: 'WPA2_PSK' },
    { ssid: 'Greenkeeping', rssi: clubRssi(-70), channel: 6, encrypt: 'WPA2_WPA3_PSK' },
    {
      ssid: `iPhone ${random.int(10, 99)}`,
      rssi: random.int(-85, -60),
      channel: random.pick([1, 6, 11]),
      encrypt: 'WPA2_PSK',
    },
  ];
  return networks.filter((network) => network.rssi > AUDIBLE_DBM).sort((a, b) => b.rssi - a.rssi);
}
