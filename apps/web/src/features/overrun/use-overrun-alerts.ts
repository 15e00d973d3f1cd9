import type { RideOverrunAlert } from '@fairway/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cartOnMapPath } from '../../lib/cart-link';
import { showToast } from '../../lib/notifications';
import { useSocketEvent } from '../realtime';

interface AlertState {
  siteId: string | null;
  rideIds: ReadonlySet<string>;
}

/**
 * Raises a warning toast with a link to the cart for every `ride:overrun` of the site (the server sends
 * each ride's once), and answers the ids of the rides alerted since the page opened. Use once per page
 * (`useOverdueCarts` does), or the toast shows twice.
 */
export function useOverrunAlerts(siteId: string | null): ReadonlySet<string> {
  const { t } = useTranslation();
  const [state, setState] = useState<AlertState>({ siteId, rideIds: new Set() });

  useSocketEvent('ride:overrun', (alert: RideOverrunAlert) => {
    if (siteId === null || alert.siteId !== siteId) return;
    setState((current) => ({
      siteId,
      rideIds: new Set([...(current.siteId === siteId ? current.rideIds : []), alert.rideId]),
    }));
    const number = alert.carNumber ?? '–';
    showToast(
      alert.hole === null
        ? t('overrun.toast.message', { number })
        : t('overrun.toast.messageNearHole', { number, hole: alert.hole }),
      'warning',
      {
        link: {
          label: t('overrun.toast.showCart'),
          to: cartOnMapPath(alert.deviceId),
          dismissLabel: t('overrun.toast.dismiss'),
        },
      },
    );
  });

  return useMemo(() => (state.siteId === siteId ? state.rideIds : new Set<string>()), [state, siteId]);
}
