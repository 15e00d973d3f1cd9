import type { BulkCommandResult } from '@fairway/domain';
import type { TFunction } from 'i18next';
import type { ToastSeverity } from '../../lib/notifications';
import type { CommandRefusal } from './command-refusal';

/**
 * 'Command sent to N Car(s)' (§8), followed by the carts left out grouped by reason, so the operator
 * learns what was left alone and why: "Skipped: Cart is offline: 4, 7 · Cart is in key mode: 12".
 */
export function bulkResultMessage(
  t: TFunction,
  result: BulkCommandResult,
  carLabelOf: (deviceId: string) => string,
): { message: string; severity: ToastSeverity } {
  const sent =
    result.commands.length > 0
      ? t('commands.bulk.sent', { total: result.commands.length })
      : t('commands.bulk.noneSent');
  if (result.skipped.length === 0) return { message: sent, severity: 'success' };

  const byReason = new Map<CommandRefusal, string[]>();
  for (const skipped of result.skipped) {
    const labels = byReason.get(skipped.reason) ?? [];
    labels.push(skipped.carNumber ?? carLabelOf(skipped.id));
    byReason.set(skipped.reason, labels);
  }
  const groups = [...byReason].map(([reason, labels]) =>
    t('commands.bulk.skippedGroup', { reason: t(`commands.refusal.${reason}`), carts: labels.join(', ') }),
  );
  return {
    message: `${sent}. ${t('commands.bulk.skipped', { groups: groups.join(' · ') })}`,
    severity: result.commands.length > 0 ? 'info' : 'warning',
  };
}
