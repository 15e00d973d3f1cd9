import type { ZoneAlert } from '@fairway/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notifications';
import { useSocketEvent } from '../realtime';

/** Which crossing raises a cart's alarm and which clears it (the server only relays alerting zone types). */
const RAISES: Partial<Record<ZoneAlert['zoneType'], ZoneAlert['kind']>> = {
  restriction: 'enter',
  geofence: 'exit',
};

interface AlarmState {
  siteId: string | null;
  /** cart id → ids of the zones it is in alarm for (a cart may be in two restriction zones at once) */
  zonesByCart: ReadonlyMap<string, ReadonlySet<string>>;
}

function applyAlert(state: AlarmState, siteId: string, alert: ZoneAlert): AlarmState {
  const zonesByCart = new Map(state.siteId === siteId ? state.zonesByCart : []);
  const zones = new Set(zonesByCart.get(alert.deviceId));
  if (RAISES[alert.zoneType] === alert.kind) zones.add(alert.zoneId);
  else zones.delete(alert.zoneId);
  if (zones.size > 0) zonesByCart.set(alert.deviceId, zones);
  else zonesByCart.delete(alert.deviceId);
  return { siteId, zonesByCart };
}

/**
 * Ids of the site's carts in a zone alarm since the page opened: inside a restriction zone, or outside
 * the geofence. Their markers are highlighted; raising an alarm also shows a warning toast. Use once per
 * page, or the toast shows twice.
 */
export function useZoneAlertedCarts(siteId: string | null): ReadonlySet<string> {
  const { t } = useTranslation();
  const [state, setState] = useState<AlarmState>({ siteId, zonesByCart: new Map() });

  useSocketEvent('zone:alert', (alert) => {
    if (siteId === null || alert.siteId !== siteId) return;
    setState((current) => applyAlert(current, siteId, alert));
    if (RAISES[alert.zoneType] !== alert.kind) return;
    const number = alert.carNumber ?? '–';
    const message =
      alert.zoneType === 'restriction'
        ? t('zones.alerts.enteredRestriction', { number })
        : t('zones.alerts.leftGeofence', { number });
    showToast(message, 'warning');
  });

  return useMemo(() => new Set(state.siteId === siteId ? state.zonesByCart.keys() : []), [state, siteId]);
}
