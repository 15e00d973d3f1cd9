import type { DamageReportView } from '@fairway/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cartOnMapPath } from '../../lib/cart-link';
import { showToast } from '../../lib/notifications';
import { useSocketEvent } from '../realtime';
import { damageReportsKey } from './api/damage-report-keys';

/**
 * Wherever staff are in the app: a new guest report about a cart of the selected site raises a warning
 * toast with a link to the cart on the map, and every report push (new or resolved, from any desk)
 * refreshes the cached report lists and badges. Renders nothing; mounted once for the signed-in session.
 * The server pushes reports only to roles that may read them (user and up).
 */
export function DamageReportAlerts({ siteId }: { siteId: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useSocketEvent('damage-report:update', (report: DamageReportView) => {
    void queryClient.invalidateQueries({ queryKey: damageReportsKey(report.siteId) });
    if (report.siteId !== siteId || report.status !== 'open') return;
    showToast(
      t('damageReports.alert.message', {
        number: report.carNumber ?? '–',
        category: t(`damageReports.category.${report.category}`),
      }),
      'warning',
      {
        link: {
          label: t('damageReports.alert.show'),
          to: cartOnMapPath(report.deviceId),
          dismissLabel: t('damageReports.alert.dismiss'),
        },
      },
    );
  });
  return null;
}
