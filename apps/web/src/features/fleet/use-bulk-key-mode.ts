import type { CartView } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notifications';
import { useUpdateDevices } from '../devices';

/** Key mode ('1') or keyless ('0') for many carts at once: PATCH /devices {ids, updateData {key}}. */
export function useBulkKeyMode(): {
  set: (carts: readonly CartView[], key: '0' | '1') => void;
  pending: boolean;
} {
  const { t } = useTranslation();
  const update = useUpdateDevices();
  return {
    set: (carts, key) =>
      update.mutate(
        { ids: carts.map((cart) => cart._id), updateData: { key } },
        {
          onSuccess: (saved) =>
            showToast(
              key === '1'
                ? t('fleet.actions.keyModeSet', { total: saved.length })
                : t('fleet.actions.keylessSet', { total: saved.length }),
              'success',
            ),
          onError: (error) => {
            console.error('Switching key mode failed', error);
            showToast(t('fleet.actions.updateFailed'), 'error');
          },
        },
      ),
    pending: update.isPending,
  };
}
