import type { CartView } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notifications';
import { realtimeStore } from '../realtime';
import { pingDevice } from './api/ping-device';
import { cartLabel } from '../../lib/cart-label';
import { COMMAND_TOAST, pingAnswerFeedback, pingErrorFeedback } from './command-feedback';

interface PingVariables {
  cart: CartView;
  code: number;
}

/**
 * Sends one ping code (reboot, sound, reset odometer …) to one cart and toasts its outcome; the server
 * answers when the cart confirmed or its window closed. `pendingCode` says which button waits.
 */
export function useSendPing(): {
  send: (cart: CartView, code: number) => void;
  pendingCode: number | null;
} {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: ({ cart, code }: PingVariables) => pingDevice(cart._id, code),
    onSuccess: (outcome, { code }) => {
      realtimeStore.applyDeviceUpdate(outcome.device);
      const { message, severity } = pingAnswerFeedback(t, code, outcome.command, cartLabel(outcome.device));
      showToast(message, severity, COMMAND_TOAST);
    },
    onError: (error, { code }) => {
      const { message, severity } = pingErrorFeedback(t, code, error);
      if (severity === 'error') console.error('Command failed', error);
      showToast(message, severity, COMMAND_TOAST);
    },
  });

  return {
    send: (cart, code) => mutation.mutate({ cart, code }),
    pendingCode: mutation.isPending ? (mutation.variables?.code ?? null) : null,
  };
}
