import type { CartView, DevicePatchBody } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/notifications';
import { useUpdateDevice } from '../devices';

interface SaveOptions {
  /** The toast on failure where §8 names one ('Error changing tracker mode'); else the server's message. */
  failureMessage?: string;
  /** Returns true when the caller showed the failure itself, next to the field concerned. */
  handleError?: (error: unknown) => boolean;
}

/**
 * Saves cart settings (PATCH /devices/{id}) with the §8 toasts: 'Device Updated!' on success; on failure
 * the caller's message, else the server's (car settings show the message), else a generic one. Resolves
 * to the saved cart, or null when the save failed.
 */
export function useSaveCart(cartId: string): {
  save: (updateData: DevicePatchBody['updateData'], options?: SaveOptions) => Promise<CartView | null>;
  saving: boolean;
} {
  const { t } = useTranslation();
  const update = useUpdateDevice();
  const save = async (updateData: DevicePatchBody['updateData'], options: SaveOptions = {}) => {
    try {
      const saved = await update.mutateAsync({ deviceId: cartId, body: { updateData } });
      showToast(t('fleet.settings.saved'), 'success');
      return saved;
    } catch (error) {
      if (options.handleError?.(error)) return null;
      console.error('Saving the cart failed', error);
      const serverMessage = error instanceof ApiError ? error.message : null;
      showToast(options.failureMessage ?? serverMessage ?? t('fleet.settings.saveFailed'), 'error');
      return null;
    }
  };
  return { save, saving: update.isPending };
}
