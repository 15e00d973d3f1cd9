import { lockToggleDisabledReason, type CartView, type LockTarget } from '@fairway/domain';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notifications';
import { useSelectedSiteId } from '../../lib/selected-site';
import { deviceQueryOptions } from '../devices';
import { realtimeStore } from '../realtime';
import { useSite } from '../sites';
import { lockDevice } from './api/lock-device';
import { unlockDevice } from './api/unlock-device';
import { cartLabel } from '../../lib/cart-label';
import { COMMAND_TOAST, lockAnswerFeedback, lockErrorFeedback } from './command-feedback';
import { useCurrentRole } from '../auth';

/** Shared by every toggle of one cart (map sheet, fleet sidebar), so all show the same pending state. */
const lockMutationKey = (cartId: string) => ['commands', 'lockToggle', cartId] as const;

interface LockVariables {
  cart: CartView;
  target: LockTarget;
}

/**
 * Lock or unlock one cart: POST /devices/{id}/lock|unlock, which answers with the command as it ended
 * (acknowledged by the cart, or failed when the §4 lock-poll window closed), and the §8 toasts.
 * `disabledReason` is the translated reason the toggle is disabled (from the domain lock rule), or null.
 */
export function useLockToggle(cart: CartView | null): {
  toggle: () => void;
  pending: boolean;
  disabledReason: string | null;
} {
  const { t } = useTranslation();
  const role = useCurrentRole();
  const siteId = useSelectedSiteId();
  const site = useSite(siteId);
  const queryClient = useQueryClient();
  const cartId = cart?._id ?? '';

  // §8: after 'already locked/unlocked' the cart is reloaded, since the browser's copy was out of date.
  const reloadStaleCart = async (forSite: string, deviceId: string) => {
    try {
      realtimeStore.applyDeviceUpdate(await queryClient.fetchQuery(deviceQueryOptions(forSite, deviceId)));
    } catch (error) {
      console.warn('Reloading the cart after a refused lock command failed', error);
    }
  };

  const mutation = useMutation({
    mutationKey: lockMutationKey(cartId),
    mutationFn: ({ cart: subject, target }: LockVariables) =>
      target === 1 ? lockDevice(subject._id) : unlockDevice(subject._id),
    onSuccess: (outcome, { target }) => {
      realtimeStore.applyDeviceUpdate(outcome.device);
      const { message, severity } = lockAnswerFeedback(t, target, outcome.command, cartLabel(outcome.device));
      showToast(message, severity, COMMAND_TOAST);
    },
    onError: (error, { cart: subject }) => {
      const { message, severity, reloadCart } = lockErrorFeedback(t, error);
      if (severity === 'error') console.error('Lock command failed', error);
      showToast(message, severity, COMMAND_TOAST);
      if (reloadCart && siteId) void reloadStaleCart(siteId, subject._id);
    },
  });

  const pending = useIsMutating({ mutationKey: lockMutationKey(cartId) }) > 0;

  let disabledReason: string | null = null;
  if (cart) {
    if (!site.data) disabledReason = site.isError ? t('commands.siteUnavailable') : t('common.loading');
    else {
      const reason = lockToggleDisabledReason(cart, site.data, role);
      if (reason) disabledReason = t(`commands.refusal.${reason}`);
    }
  }

  const toggle = () => {
    if (!cart || disabledReason !== null || pending) return;
    mutation.mutate({ cart, target: cart.lockStatus === 1 ? 0 : 1 });
  };

  return { toggle, pending, disabledReason };
}
