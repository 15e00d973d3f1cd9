import { COMMAND_CODES, type CommandView, type LockTarget } from '@fairway/domain';
import type { TFunction } from 'i18next';
import type { ToastOptions, ToastSeverity } from '../../lib/notifications';
import { commandRefusalOf } from './command-refusal';

/**
 * The answers to an operator's single-cart commands share one toast: the answer to the latest command
 * replaces an earlier one at once, instead of queueing behind it (an "Unlocked" must not wait for the
 * "Locked" before it to time out).
 */
export const COMMAND_TOAST: ToastOptions = { topic: 'cart-command' };

/** The toast an operator sees after a single-cart command, and whether the cart must be reloaded. */
export interface CommandFeedback {
  message: string;
  severity: ToastSeverity;
  /** The server knew better than the browser (e.g. 'already locked'): the shown cart is stale. */
  reloadCart: boolean;
}

const feedback = (message: string, severity: ToastSeverity, reloadCart = false): CommandFeedback => ({
  message,
  severity,
  reloadCart,
});

/**
 * The server answers a lock or unlock when the cart acknowledged it or when the §4 lock-poll window closed;
 * anything but 'acknowledged' means the cart did not do it.
 */
export function lockAnswerFeedback(
  t: TFunction,
  target: LockTarget,
  command: Pick<CommandView, 'state'>,
  carNumber: string,
): CommandFeedback {
  if (command.state === 'acknowledged') {
    return feedback(
      target === 1
        ? t('commands.lockDone', { number: carNumber })
        : t('commands.unlockDone', { number: carNumber }),
      'success',
    );
  }
  return feedback(target === 1 ? t('commands.lockFailed') : t('commands.unlockFailed'), 'error');
}

/** A refused or failed lock/unlock call: the §8 'already' messages, the rule that refused, or a fallback. */
export function lockErrorFeedback(t: TFunction, error: unknown): CommandFeedback {
  const refusal = commandRefusalOf(error);
  if (refusal === 'alreadyLocked' || refusal === 'alreadyUnlocked') {
    return feedback(t(`commands.refusal.${refusal}`), 'info', true);
  }
  if (refusal) return feedback(t(`commands.refusal.${refusal}`), 'warning');
  return feedback(t('commands.sendFailed'), 'error');
}

/** Reset odometer has its own §8 messages; every other code shares the generic ones. */
export function pingAnswerFeedback(
  t: TFunction,
  code: number,
  command: Pick<CommandView, 'state'>,
  carNumber: string,
): CommandFeedback {
  const done = command.state === 'acknowledged';
  switch (code) {
    case COMMAND_CODES.resetOdometer:
      return done
        ? feedback(t('commands.odometerReset'), 'success')
        : feedback(t('commands.odometerResetFailed'), 'error');
    case COMMAND_CODES.reboot:
      return done
        ? feedback(t('commands.rebooting', { number: carNumber }), 'success')
        : feedback(t('commands.sendFailed'), 'error');
    case COMMAND_CODES.soundDevice:
      return done
        ? feedback(t('commands.sounding', { number: carNumber }), 'success')
        : feedback(t('commands.sendFailed'), 'error');
    default:
      return done
        ? feedback(t('commands.confirmed', { number: carNumber }), 'success')
        : feedback(t('commands.sendFailed'), 'error');
  }
}

export function pingErrorFeedback(t: TFunction, code: number, error: unknown): CommandFeedback {
  const refusal = commandRefusalOf(error);
  if (refusal) return feedback(t(`commands.refusal.${refusal}`), 'warning');
  return code === COMMAND_CODES.resetOdometer
    ? feedback(t('commands.odometerResetFailed'), 'error')
    : feedback(t('commands.sendFailed'), 'error');
}
