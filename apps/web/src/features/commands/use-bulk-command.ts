import type { BulkCommandResult, CartView } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notifications';
import { lockDevices } from './api/lock-devices';
import { pingDevices } from './api/ping-devices';
import { unlockDevices } from './api/unlock-devices';
import { openBulkWatch } from './bulk-outcome-watch';
import { bulkResultMessage } from './bulk-result-message';
import { cartLabel } from '../../lib/cart-label';
import { commandLabel } from './command-labels';
import { commandRefusalOf } from './command-refusal';

/** A command for many carts: lock, unlock, or a ping code (reboot for the fleet's bulk menu). */
export type BulkCommand = { name: 'lock' } | { name: 'unlock' } | { name: 'ping'; code: number };

interface BulkVariables {
  command: BulkCommand;
  carts: readonly CartView[];
}

function send(command: BulkCommand, ids: string[]): Promise<BulkCommandResult> {
  switch (command.name) {
    case 'lock':
      return lockDevices(ids);
    case 'unlock':
      return unlockDevices(ids);
    case 'ping':
      return pingDevices(ids, command.code);
  }
}

/**
 * Bulk lock, unlock and ping from the fleet. The server answers at once with the commands it sent and the
 * carts it skipped (toast 'Command sent to N Car(s)' with the skipped carts and why); the outcomes follow
 * over the socket, and the carts that did not confirm are reported in one toast.
 */
export function useBulkCommand(): {
  send: (command: BulkCommand, carts: readonly CartView[]) => void;
  pending: boolean;
} {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: async ({ command, carts }: BulkVariables) => {
      const watch = openBulkWatch();
      try {
        return {
          result: await send(
            command,
            carts.map((cart) => cart._id),
          ),
          watch,
        };
      } catch (error) {
        watch.cancel();
        throw error;
      }
    },
    onSuccess: ({ result, watch }, { command, carts }) => {
      const labels = new Map(carts.map((cart) => [cart._id, cartLabel(cart)]));
      const carLabelOf = (deviceId: string) => labels.get(deviceId) ?? deviceId;
      const { message, severity } = bulkResultMessage(t, result, carLabelOf);
      showToast(message, severity);
      watch.follow(result.commands, carLabelOf, (failed) => {
        const carts = failed.join(', ');
        showToast(
          command.name === 'lock'
            ? t('commands.bulk.lockFailed', { carts })
            : command.name === 'unlock'
              ? t('commands.bulk.unlockFailed', { carts })
              : t('commands.bulk.commandFailed', {
                  command: commandLabel(t, { name: 'ping', code: command.code }),
                  carts,
                }),
          'error',
        );
      });
    },
    onError: (error) => {
      const refusal = commandRefusalOf(error);
      if (!refusal) console.error('Bulk command failed', error);
      showToast(refusal ? t(`commands.refusal.${refusal}`) : t('commands.sendFailed'), 'error');
    },
  });

  return {
    send: (command, carts) => mutation.mutate({ command, carts }),
    pending: mutation.isPending,
  };
}
